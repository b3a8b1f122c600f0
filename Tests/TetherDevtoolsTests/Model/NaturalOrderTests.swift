import Testing
import TetherCore
import TetherDevtools

@Suite struct NaturalOrderTests {
  @Test func ordersNumbersByValueAndTextByItsNumbers() {
    let paths: [OperationPath] = [
      ["post", 12], ["post", 2], ["page 10"], ["page 9"], ["Post", 1], ["post"], [3],
    ]
    let sorted = paths.sorted { NaturalOrder($0) < NaturalOrder($1) }
    #expect(
      sorted == [[3], ["page 9"], ["page 10"], ["post"], ["Post", 1], ["post", 2], ["post", 12]])
  }
}
