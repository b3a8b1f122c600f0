import Foundation
import Testing
import TetherCore

@testable import TetherDevtools

/// `r`'s command tells a cancelled refetch from a failed one by the error's type, whatever the
/// store's failure type (issue 28), never by the error's text.
@Suite struct RefetchCommandTests {
  @Test func aCancellationIsToldByItsTypeForEveryFailureType() {
    let cancelled: any Error = OperationError<TestFailure>.cancelled
    let failed: any Error = OperationError<TestFailure>.failure(TestFailure(code: 1))
    #expect((cancelled as? any CancellationTelling)?.isCancellation == true)
    #expect((failed as? any CancellationTelling)?.isCancellation == false)
    // A failure whose text says "cancelled" is still a failure.
    let worded: any Error = OperationError<Worded>.failure(Worded())
    #expect((worded as? any CancellationTelling)?.isCancellation == false)
  }
}

private struct Worded: Error, CustomStringConvertible {
  var description: String { "the order was cancelled" }
}
