import Foundation
import Synchronization
import Testing

@testable import TetherCore

@Suite struct TimingModifierTests {
  @Test func timeoutFailsASlowRunAndCancelsIt() async throws {
    let clock = TestClock()
    let runs = ScriptedRuns<Int>()
    let query = Query<Int, any Error>(["slow"]) { _ in try await runs.run() }.timeout(.seconds(5))
    let task = Task { try await query.run(in: OperationContext(clock: clock)) }
    await runs.waitForStarts(1)
    await clock.waitForSleepers()
    clock.advance(by: .seconds(5))
    await #expect(throws: OperationTimeoutError(duration: .seconds(5))) { try await task.value }
    #expect(runs.pendingCount == 0)
  }

  @Test func timeoutLetsAFastRunThrough() async throws {
    let clock = TestClock()
    let runs = ScriptedRuns<Int>()
    let query = Query<Int, any Error>(["fast"]) { _ in try await runs.run() }.timeout(.seconds(5))
    let task = Task { try await query.run(in: OperationContext(clock: clock)) }
    await runs.waitForStarts(1)
    runs.succeed(7)
    #expect(try await task.value == 7)
  }

  @Test func timeoutUsesTheFailureTypeOfTypedOperations() async throws {
    enum LoadError: TimeoutFailure, Equatable {
      case timedOut(Duration)
      static func timedOut(after duration: Duration) -> LoadError { .timedOut(duration) }
    }
    let clock = TestClock()
    let query = Query<Int, LoadError>(["typed"]) { _ throws(LoadError) in
      try? await clock.sleep(for: .seconds(60))
      return 1
    }.timeout(.seconds(1))
    let task = Task { () throws(LoadError) -> Int in
      try await query.run(in: OperationContext(clock: clock))
    }
    await clock.waitForSleepers(2)
    clock.advance(by: .seconds(1))
    await #expect(throws: LoadError.timedOut(.seconds(1))) { try await task.value }
  }

  @Test func delayWaitsOnTheClockBeforeRunning() async throws {
    let clock = TestClock()
    let started = Counter()
    let query = Query<Int, any Error>(["delayed"]) { _ in started.increment() }.delay(.seconds(2))
    let task = Task { try await query.run(in: OperationContext(clock: clock)) }
    await clock.waitForSleepers()
    #expect(started.count == 0)
    clock.advance(by: .seconds(2))
    #expect(try await task.value == 1)
  }

  @Test func logDurationMeasuresOnTheClock() async throws {
    let clock = TestClock()
    let logged = ScriptedRuns<Void>()
    let durations = Counter()
    let query = Query<Int, any Error>(["timed"]) { context in
      try await context.clock.sleep(for: .milliseconds(1500))
      return 1
    }.logDuration { path, duration in
      if path == ["timed"] && duration == .milliseconds(1500) { durations.increment() }
      Task { try? await logged.run() }
    }
    let task = Task { try await query.run(in: OperationContext(clock: clock)) }
    await clock.waitForSleepers()
    clock.advance(by: .milliseconds(1500))
    _ = try await task.value
    await logged.waitForStarts(1)
    #expect(durations.count == 1)
  }

  @Test func handleEventsSeesStartResultAndEnd() async throws {
    let events = EventLog()
    let query = Query<Int, any Error>(["events"]) { _ in 5 }.handleEvents(
      onRunStarted: { _ in events.append("start") },
      onResult: { result, _ in events.append("result \((try? result.get()) ?? -1)") },
      onRunEnded: { _ in events.append("end") })
    #expect(try await query.run() == 5)
    #expect(events.entries == ["start", "result 5", "end"])
  }
}

/// A thread-safe list of strings.
final class EventLog: Sendable {
  private let storage = Mutex<[String]>([])
  func append(_ entry: String) { storage.withLock { $0.append(entry) } }
  var entries: [String] { storage.withLock { $0 } }
}
