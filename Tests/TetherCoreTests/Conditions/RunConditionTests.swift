import Testing
import TetherSynchronization

@testable import TetherCore

@Suite struct RunConditionTests {
  let context = OperationContext(clock: TestClock())

  /// Collects the values a condition reports.
  final class Changes: Sendable {
    let values = SanitizerVisibleMutex<[Bool]>([])
    var all: [Bool] { values.withLock { $0 } }
    func record(_ value: Bool) { values.withLock { $0.append(value) } }
  }

  @Test func manualConditionsReportChanges() {
    let condition = ManualCondition(false)
    let changes = Changes()
    let subscription = condition.subscribe(in: context) { changes.record($0) }
    condition.set(true)
    condition.set(true)
    condition.set(false)
    #expect(changes.all == [true, false])
    subscription.cancel()
    condition.set(true)
    #expect(changes.all == [true, false])
  }

  @Test func combinatorsFollowTheirParts() {
    let a = ManualCondition(false)
    let b = ManualCondition(true)
    let both = a && b
    let either = a || !b
    #expect(!both.isSatisfied(in: context))
    #expect(!either.isSatisfied(in: context))
    let bothChanges = Changes()
    let eitherChanges = Changes()
    let s1 = both.subscribe(in: context) { bothChanges.record($0) }
    let s2 = either.subscribe(in: context) { eitherChanges.record($0) }
    a.set(true)
    b.set(false)
    b.set(true)
    #expect(bothChanges.all == [true, false, true])
    #expect(eitherChanges.all == [true])
    s1.cancel()
    s2.cancel()
  }

  @Test func pollingRerunsASubscribedStoreOnTheClock() async throws {
    let clock = TestClock()
    let runs = Counter()
    let online = ManualCondition(true)
    let client = OperationClient.testing(clock: clock)
    let store = client.store(
      for: Query<Int, any Error>(["polled"]) { _ in runs.increment() }
        .neverStale()
        .rerunOnChange(of: .polling(every: .seconds(10)) && online))
    let recorder = StateRecorder(store)
    await recorder.next { $0.currentValue == 1 }
    for expected in 2...3 {
      await clock.waitForSleepers(2)  // the poller and the garbage collector
      clock.advance(by: .seconds(10))
      await recorder.next { $0.currentValue == expected }
    }
    // Offline: the tick does not rerun.
    online.set(false)
    await clock.waitForSleepers(2)
    clock.advance(by: .seconds(10))
    online.set(true)
    #expect(runs.count == 3)
    // Online again: the next tick reruns.
    await clock.waitForSleepers(2)
    clock.advance(by: .seconds(10))
    await recorder.next { $0.currentValue == 4 }
    #expect(runs.count == 4)
    recorder.cancel()
  }

  @Test func sequencesDriveConditions() async throws {
    let (stream, continuation) = AsyncStream.makeStream(of: Bool.self)
    let runs = Counter()
    let store = OperationClient.testing().store(
      for: Query<Int, any Error>(["sequence"]) { _ in runs.increment() }
        .neverStale()
        .rerunOnChange(of: .values(of: stream)))
    let recorder = StateRecorder(store)
    await recorder.next { $0.currentValue == 1 }
    continuation.yield(true)
    await recorder.next { $0.currentValue == 2 }
    continuation.yield(false)
    continuation.yield(true)
    await recorder.next { $0.currentValue == 3 }
    recorder.cancel()
  }
}
