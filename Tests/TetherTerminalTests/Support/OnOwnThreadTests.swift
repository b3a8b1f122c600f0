import EndToEndSupport
import Foundation
import Testing

/// The end-to-end suites' `.onOwnThread` trait: their blocking waits must hold a thread of
/// their own, not one of the cooperative pool.
@Suite(.onOwnThread)
struct OnOwnThreadTests {
  /// Whether the caller runs on a test thread of its own (`Thread.current` is unavailable in
  /// async code, hence a function).
  private static func isOnOwnThread() -> Bool { ThreadExecutor.isCurrentThreadOwn }

  @Test func aSynchronousTestRunsOnItsOwnThread() {
    #expect(Self.isOnOwnThread())
  }

  @Test func anAsynchronousTestStaysOnItsOwnThreadAcrossSuspensions() async throws {
    #expect(Self.isOnOwnThread())
    await Task.yield()
    let child = await withTaskGroup(of: Bool.self) { group in
      group.addTask { Self.isOnOwnThread() }
      return await group.next() ?? false
    }
    #expect(child)
    #expect(Self.isOnOwnThread())
  }
}

/// The check above tells the threads apart: without the trait a test runs on the pool.
@Suite struct WithoutOnOwnThreadTests {
  @Test func aTestWithoutTheTraitRunsOnThePool() {
    #expect(!ThreadExecutor.isCurrentThreadOwn)
  }
}
