import Testing
import TetherTime

@Suite("Deadline heap")
struct DeadlineHeapTests {
  /// A fixed sequence of pseudo-random numbers (xorshift), the same every run.
  struct Numbers {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next(in range: ClosedRange<Int>) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return range.lowerBound + Int(state % UInt64(range.count))
    }
  }

  @Test func givesTheEarliestDeadlineAsKeysAreSetMovedAndCleared() {
    var heap = DeadlineHeap<Int, Int>()
    var numbers = Numbers()
    var expected: [Int: Int] = [:]
    for step in 0..<5000 {
      let key = numbers.next(in: 0...200)
      if numbers.next(in: 0...3) == 0 {
        heap.set(key, to: nil)
        expected[key] = nil
      } else {
        let deadline = numbers.next(in: 0...100_000)
        heap.set(key, to: deadline)
        expected[key] = deadline
      }
      if step.isMultiple(of: 7), let first = heap.first {
        #expect(first.deadline == expected.values.min())
        #expect(expected[first.key] == first.deadline)
      }
      #expect(heap.deadline(of: key) == expected[key])
      #expect(heap.count == expected.count)
    }
    var popped: [Int] = []
    while let first = heap.popFirst() { popped.append(first.deadline) }
    #expect(popped == expected.values.sorted())
    #expect(heap.isEmpty && heap.deadline(of: 1) == nil)
  }

  @Test func equalDeadlinesAndRemoveAll() {
    var heap = DeadlineHeap<String, Int>()
    for key in ["a", "b", "c"] { heap.set(key, to: 5) }
    heap.set("d", to: 1)
    #expect(heap.popFirst()?.key == "d")
    #expect(
      Set([heap.popFirst()?.key, heap.popFirst()?.key, heap.popFirst()?.key]) == ["a", "b", "c"])
    heap.set("e", to: 2)
    heap.removeAll()
    #expect(heap.first == nil && heap.deadline(of: "e") == nil)
  }
}
