import Foundation
import Testing

@testable import TetherCore

@Suite struct RetryModifierTests {
  @Test func attemptsAreLimitPlusOneWithExactBackoffDelays() async throws {
    let clock = TestClock()
    let attempts = Counter()
    let query = Query<Int, any Error>(["flaky"]) { _ in
      attempts.increment()
      throw TestFailure()
    }.retry(limit: 3).enabled(false)
    let store = OperationClient.testing(clock: clock).store(for: query)
    let recorder = StateRecorder(store)
    let fetch = Task { try await store.fetch() }

    var delays: [Duration] = []
    for retry in 1...3 {
      let state = await recorder.next { $0.retryProgress?.failedAttempts == retry }
      let progress = try #require(state.retryProgress)
      #expect(progress.retryLimit == 3)
      #expect(progress.attemptLimit == 4)
      #expect(state.isLoading && state.failureCount == retry)
      delays.append(progress.timeUntilNextAttempt(at: clock.now()))
      clock.advance(to: progress.nextAttemptDate)
    }

    await #expect { try await fetch.value } throws: { failureCode(of: $0) != nil }
    #expect(attempts.count == 4)
    #expect(delays == [.seconds(1), .seconds(2), .seconds(4)])
    let state = store.state
    #expect(state.status == .failure)
    #expect(state.error is TestFailure)
    #expect(state.errorUpdateCount == 1)
    #expect(state.runCount == 1)
    #expect(state.retryProgress == nil)
    #expect(state.failureCount == 4)
    #expect(state.failureReason is TestFailure)
  }

  @Test func aSuccessfulRetryClearsTheErrorAndProgress() async throws {
    let clock = TestClock()
    let attempts = Counter()
    let query = Query<String, any Error>(["recovering"]) { context in
      if attempts.increment() < 3 { throw TestFailure(code: context.retryAttempt) }
      return "ok after \(context.retryAttempt) retries"
    }.retry(limit: 5, backoff: .constant(.milliseconds(300))).enabled(false)
    let store = OperationClient.testing(clock: clock).store(for: query)
    let recorder = StateRecorder(store)
    let fetch = Task { try await store.fetch() }
    for retry in 1...2 {
      let state = await recorder.next { $0.retryProgress?.failedAttempts == retry }
      #expect((state.retryProgress?.lastFailure as? TestFailure)?.code == retry - 1)
      clock.advance(by: .milliseconds(300))
    }
    #expect(try await fetch.value == "ok after 2 retries")
    #expect(store.state.status == .success)
    #expect(store.state.error == nil)
    #expect(store.state.retryProgress == nil)
  }

  @Test func cancellingTheFetchStopsRetries() async throws {
    let clock = TestClock()
    let attempts = Counter()
    let ended = ScriptedRuns<Void>()
    let query = Query<Int, any Error>(["cancelled"]) { _ in
      attempts.increment()
      throw TestFailure()
    }
    .retry(limit: 10)
    .handleEvents(onRunEnded: { _ in Task { try? await ended.run() } })
    .enabled(false)
    let store = OperationClient.testing(clock: clock).store(for: query)
    let recorder = StateRecorder(store)
    let fetch = Task { try await store.fetch() }
    await recorder.next { $0.retryProgress != nil }
    fetch.cancel()
    await #expect { try await fetch.value } throws: { isCancellation($0) }
    await ended.waitForStarts(1)  // the retry loop has returned
    clock.advance(by: .seconds(3600))
    #expect(attempts.count == 1)
    #expect(store.state.status == .pending)
    #expect(store.state.retryProgress == nil)
    #expect(store.state.fetchStatus == .idle)
  }

  @Test func retryableFailuresDecideForThemselves() async throws {
    struct HTTPLikeFailure: RetryableFailure {
      var status: Int
      var retryDecision: RetryDecision {
        switch status {
        case 503: .retryAfter(.seconds(7))
        case 500: .retry
        default: .doNotRetry
        }
      }
    }
    let clock = TestClock()
    let statuses = ScriptedRuns<Int>()
    let query = Query<Int, HTTPLikeFailure>(["retryable"]) { _ throws(HTTPLikeFailure) in
      let status = (try? await statuses.run()) ?? 0
      throw HTTPLikeFailure(status: status)
    }.retry(limit: 5).enabled(false)
    let store = OperationClient.testing(clock: clock).store(for: query)
    let recorder = StateRecorder(store)
    let fetch = Task { try await store.fetch() }

    await statuses.waitForStarts(1)
    statuses.succeed(503)
    let afterUnavailable = await recorder.next { $0.retryProgress?.failedAttempts == 1 }
    #expect(afterUnavailable.retryProgress?.timeUntilNextAttempt(at: clock.now()) == .seconds(7))
    clock.advance(by: .seconds(7))

    await statuses.waitForStarts(2)
    statuses.succeed(500)
    let afterServerError = await recorder.next { $0.retryProgress?.failedAttempts == 2 }
    #expect(afterServerError.retryProgress?.timeUntilNextAttempt(at: clock.now()) == .seconds(2))
    clock.advance(by: .seconds(2))

    await statuses.waitForStarts(3)
    statuses.succeed(404)
    await #expect { try await fetch.value } throws: { $0 is OperationError<HTTPLikeFailure> }
    #expect(statuses.startCount == 3)
    #expect(store.state.error?.status == 404)
  }

  @Test func aFailureThatMadeProgressStartsTheBackoffAndTheLimitOver() async throws {
    struct StreamLikeFailure: RetryableFailure {
      var madeProgress: Bool
      var retryDecision: RetryDecision { .retry }
      var restartsBackoff: Bool { madeProgress }
    }
    let clock = TestClock()
    let outcomes = ScriptedRuns<Bool>()
    let query = Query<Int, StreamLikeFailure>(["stream-like"]) { _ throws(StreamLikeFailure) in
      throw StreamLikeFailure(madeProgress: (try? await outcomes.run()) ?? false)
    }.retry(limit: 2, backoff: .custom { .seconds($0) }).enabled(false)
    let store = OperationClient.testing(clock: clock).store(for: query)
    let recorder = StateRecorder(store)
    let fetch = Task { try await store.fetch() }

    // Two failures in a row back off (1 s, 2 s); one that made progress is the first of a new
    // series (1 s again), so a fourth failure fits within the limit of two retries, which grows
    // by the one forgiven. The attempts keep their numbers; those before the new series are
    // counted apart, for a UI to say "2 of 3 since the run last delivered".
    for (start, madeProgress, delay, retryLimit, before) in [
      (1, false, 1, 2, 0), (2, false, 2, 2, 0), (3, true, 1, 4, 2), (4, false, 2, 4, 2),
    ] {
      await outcomes.waitForStarts(start)
      outcomes.succeed(madeProgress)
      let state = await recorder.next { $0.retryProgress?.failedAttempts == start }
      #expect(state.retryProgress?.timeUntilNextAttempt(at: clock.now()) == .seconds(delay))
      #expect(state.retryProgress?.retryLimit == retryLimit, "attempt \(start)")
      #expect(state.retryProgress?.failedAttemptsBeforeSeries == before, "attempt \(start)")
      // Within its series, the limit is the configured one: three attempts.
      #expect(state.retryProgress?.failedAttemptsInSeries == start - before, "attempt \(start)")
      #expect(state.retryProgress?.attemptLimitInSeries == 3, "attempt \(start)")
      #expect(state.retryProgress?.startedSeriesOver == (before > 0), "attempt \(start)")
      clock.advance(by: .seconds(delay))
    }
    await outcomes.waitForStarts(5)
    outcomes.succeed(false)
    await #expect { try await fetch.value } throws: { $0 is OperationError<StreamLikeFailure> }
    #expect(outcomes.startCount == 5)
  }

  @Test func theOutermostRetryGoverns() async throws {
    let attempts = Counter()
    let query = Query<Int, any Error>(["nested"]) { _ in
      attempts.increment()
      throw TestFailure()
    }.retry(limit: 3, backoff: .none).retry(limit: 1, backoff: .none)
    await #expect(throws: TestFailure.self) { try await query.run() }
    #expect(attempts.count == 2)
  }

  @Test func aCustomDecisionCanStopRetrying() async throws {
    let attempts = Counter()
    let query = Query<Int, any Error>(["custom"]) { _ in
      throw TestFailure(code: attempts.increment())
    }.retry(limit: 5, backoff: .none) { error in
      (error as? TestFailure)?.code == 2 ? .doNotRetry : .retry
    }
    await #expect(throws: TestFailure(code: 2)) { try await query.run() }
    #expect(attempts.count == 2)
  }
}
