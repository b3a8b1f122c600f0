import EndToEndSupport
import Foundation
import Testing

/// The end-to-end suites' `.onOwnThread` trait: their blocking waits must hold a thread of
/// their own, not one of the cooperative pool.
@Suite(.onOwnThread)
struct OnOwnThreadTests {
  /// The name of the thread running the caller (`Thread.current` is unavailable in async code).
  private static func threadName() -> String? { Thread.current.name }

  @Test func aSynchronousTestRunsOnItsOwnThread() {
    #expect(Self.threadName() == ThreadExecutor.threadName)
  }

  @Test func anAsynchronousTestStaysOnItsOwnThreadAcrossSuspensions() async throws {
    #expect(Self.threadName() == ThreadExecutor.threadName)
    await Task.yield()
    let value = await withTaskGroup(of: String?.self) { group in
      group.addTask { Self.threadName() }
      return await group.next() ?? nil
    }
    #expect(value == ThreadExecutor.threadName)
    #expect(Self.threadName() == ThreadExecutor.threadName)
  }
}
