import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherHTTP
import TetherSynchronization
import TetherTerminal

@Suite struct StoreDetailTests {
  @Test func showsEveryFieldOfTheState() async throws {
    let harness = try DevtoolsHarness()
    harness.transport.respond(
      to: .get, "items/1", with: .text(#"{"message":"down"}"#, statusCode: 503))
    let store = harness.client.store(
      for: harness.api.query(Endpoint<Item>(.get, "items/1"), path: ["item", 1])
        .retry(limit: 1, backoff: .constant(.seconds(1))).stale(after: .seconds(30)))
    let subscription = store.subscribe { _ in }
    defer { subscription.cancel() }
    await harness.waitFor("item · 1")
    harness.press(.down, .enter)
    await harness.waitFor("attempt 1 of 2 failed")
    #expect(harness.screen.find("fetch status     fetching") != nil, "\(harness.text)")
    #expect(harness.screen.find("in 1.0 s") != nil, "the retry counts down: \(harness.text)")
    harness.advance(by: .milliseconds(600))
    #expect(harness.screen.find("in 0.4 s") != nil, "\(harness.text)")
    await harness.release(after: .milliseconds(400))
    await harness.waitFor("fetch status     idle")
    #expect(harness.line(containing: "│failures")?.contains("2 — last:") == true, "\(harness.text)")
    #expect(harness.line(containing: "│failures")?.contains("503") == true)
    #expect(harness.line(containing: "│status ")?.contains("failure") == true)
    #expect(harness.line(containing: "│error ")?.contains("1 update") == true, "\(harness.text)")
    #expect(harness.line(containing: "subscribers")?.contains("1") == true)
    #expect(harness.line(containing: "collected")?.contains("not while observed") == true)
    #expect(harness.line(containing: "│label")?.contains("error") == true)
    harness.serve("items/1")
    harness.press("r")
    await harness.waitFor("stale            no, at")
    #expect(
      harness.line(containing: "│value ")?.contains("1 update, last") == true, "\(harness.text)")
    #expect(harness.line(containing: "│label")?.contains("fresh") == true)
    #expect(harness.line(containing: "│failures")?.contains(" 0") == true)
  }

  @Test func saysWhenAnUnobservedStoreWillBeCollected() async throws {
    let harness = try DevtoolsHarness()
    try await harness.query(["post", 1], value: "one").fetch()
    await harness.waitFor("post · 1")
    harness.press(.down, .enter)
    #expect(
      harness.line(containing: "collected")?.contains("in 5 m 0 s") == true, "\(harness.text)")
  }

  @Test func timelineGrowsLiveWithEveryAttemptWaitAndFailure() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    harness.transport.respond(
      to: .get, "items/5", with: .text(#"{"message":"busy"}"#, statusCode: 503))
    let store = harness.client.store(
      for: harness.api.query(Endpoint<Item>(.get, "items/5"), path: ["item", 5])
        .retry(limit: 3, backoff: .constant(.seconds(2))))
    let fetch = Task { try await store.fetch() }
    await harness.waitFor("item · 5")
    harness.press(.down, .enter, .tab, .tab)
    await harness.waitFor("attempt 2")
    #expect(harness.screen.find("run #1 fetch") != nil, "\(harness.text)")
    let first = try #require(harness.line(containing: "│  attempt 1"))
    #expect(first.contains("✖") && first.contains("503"), "\(first)")
    let waiting = try #require(harness.line(containing: "│  attempt 2"))
    #expect(waiting.contains("░") && waiting.contains("in 2.0 s"), "a wait, counting: \(waiting)")
    #expect(harness.loop.nextDeadline != nil, "a live timeline redraws itself")
    await harness.release(after: .seconds(2))
    await harness.waitFor("attempt 3")
    #expect(harness.line(containing: "│  attempt 2")?.contains("✖") == true, "\(harness.text)")
    await harness.release(after: .seconds(2))
    await harness.waitFor("attempt 4")
    await harness.release(after: .seconds(2))
    await harness.waitFor("✖ 4 attempts")
    _ = try? await fetch.value
    // The selected row (the last) is described in full under the timeline.
    #expect(harness.screen.find("failed after") != nil, "\(harness.text)")
    harness.press(.up, .up, .up, .up)
    #expect(harness.screen.find("failed after 4 attempts") != nil, "\(harness.text)")
    #expect(harness.screen.find("503") != nil)
    #expect(harness.loop.nextDeadline == nil, "a finished timeline costs nothing")
  }

  @Test func fitsTheSelectedRun() async throws {
    let harness = try DevtoolsHarness()
    let store = harness.query(["post", 1], value: "one")
    let subscription = store.subscribe { _ in }
    defer { subscription.cancel() }
    try await store.fetch()
    harness.advance(by: .seconds(600))
    try await store.refetch()
    await harness.waitFor("post · 1")
    harness.press(.down, .enter, .tab, .tab)
    await harness.waitFor("run #3 refetch")
    harness.press("a")
    let axis = try #require(harness.screen.lines.first { $0.contains(" 0 ") || $0.contains("0  ") })
    #expect(!axis.contains("m"), "the axis spans one run, not ten minutes: \(axis)")
  }

  @Test func mutationAttemptsTabListsArgumentsStatusTimesAndOutcomes() async throws {
    let harness = try DevtoolsHarness()
    let gate = Gate<String>()
    let rename = harness.client.store(
      for: Mutation<String, String, any Error>(["posts", "rename"]) { title, _ in
        try await gate.run()
      })
    let first = Task { try await rename.mutate(with: "First") }
    await gate.waitForStarts(1)
    harness.advance(by: .milliseconds(250))
    gate.succeed("done")
    _ = try await first.value
    let second = Task { try await rename.mutate(with: "Second") }
    await gate.waitForStarts(2)
    await harness.waitFor("#2")
    harness.press(.down, .down, .down, .enter)
    #expect(harness.app.inspector.detail?.tab == .attempts, "\(harness.text)")
    await harness.waitFor("Run #2, running")
    let running = try #require(harness.line(containing: "\"Second\""))
    #expect(running.contains("running"), "\(running)")
    let done = try #require(harness.line(containing: "\"First\""))
    #expect(done.contains("succeeded") && done.contains("250 ms") && done.contains("\"done\""))
    let lines = harness.screen.lines
    let arguments = try #require(lines.firstIndex { $0.contains("Arguments:") }, "\(harness.text)")
    #expect(lines[arguments + 1].contains("\"Second\""), "the selected one: \(harness.text)")
    gate.fail(TestFailure(code: 3))
    _ = try? await second.value
    await harness.waitFor("test failure 3")
  }
}

@Suite struct CancelledRunTests {
  /// A run cancelled mid-request (its last subscriber left) is `cancelled` in the network log
  /// (and filterable apart from failures), in the timeline and in the state tab — never
  /// `failed`.
  @Test func aCancelledRunIsCancelledEverywhere() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    harness.transport.respond(
      to: .get, "items/7", with: try .json(Item(id: 7, name: "seven"), delay: .seconds(1)))
    let store = harness.httpQuery(["item", 7], route: "items/7")
    let subscription = store.subscribe { _ in }
    await harness.waitUntil("the request in flight") {
      $0.network.records.count == 1 && $0.network.records[0].isInFlight
    }
    subscription.cancel()
    await harness.waitUntil("the request ended") { !$0.network.records[0].isInFlight }
    let record = try #require(harness.network.records.first)
    #expect(record.isCancelled && !record.isFailure && record.failure == nil, "\(record)")

    harness.press("N")
    await harness.waitFor("Network · 1 request")
    let row = try #require(harness.line(containing: "/items/7"))
    #expect(row.contains("cancelled") && !row.contains("failed"), "\(row)")
    harness.press("t")
    #expect(harness.screen.find("t failures") != nil, "\(harness.text)")
    #expect(harness.screen.find("/items/7") == nil, "a cancelled request is not a failure")
    harness.press("t", "t", "t", "t", "t")
    #expect(harness.screen.find("t cancelled") != nil, "\(harness.text)")
    #expect(harness.screen.find("/items/7") != nil, "\(harness.text)")
    harness.press(.escape, .enter)
    await harness.waitFor("Request headers")
    #expect(harness.screen.find("cancelled after") != nil, "\(harness.text)")
    #expect(harness.screen.find("failed") == nil, "\(harness.text)")

    harness.press(.escape, "s")
    await harness.waitFor("item · 7")
    harness.press(.down, .enter)
    await harness.waitFor("cancelled ")
    let state = try #require(harness.line(containing: "│cancelled"))
    #expect(state.contains("yes, its changes reverted"), "\(harness.text)")
    harness.press(.tab, .tab)
    await harness.waitFor("run #1 subscribe")
    let attempt = try #require(harness.line(containing: "│  attempt 1"))
    #expect(attempt.contains("cancelled"), "\(harness.text)")
    harness.press(.down, .down)
    #expect(harness.screen.find("GET /items/7 → cancelled") != nil, "\(harness.text)")
    #expect(harness.screen.find("→ failed") == nil, "\(harness.text)")
  }
}

@Suite struct RetryTimelineTests {
  /// A 429 asks for 2 s; a refetch during the wait cancels the run: the attempt that was
  /// waiting was never sent, and no duration on screen is negative.
  @Test func aRetryCancelledDuringItsWaitWasNeverSent() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 150, height: 30))
    harness.transport.respond(
      to: .get, "items/9",
      with: .text(#"{"message":"slow down"}"#, statusCode: 429, headers: ["Retry-After": "2"]))
    let store = harness.httpQuery(["item", 9], route: "items/9")
    let subscription = store.subscribe { _ in }
    defer { subscription.cancel() }
    await harness.waitFor("item · 9")
    harness.press(.down, .enter, .tab, .tab)
    await harness.waitFor("attempt 2")
    harness.advance(by: .milliseconds(1700))
    harness.press("r")
    await harness.waitFor("run #2")
    let waited = try #require(harness.line(containing: "│  attempt 2"))
    #expect(waited.contains("cancelled") && !waited.contains("-"), "\(harness.text)")
    harness.press(.up, .up, .up)
    #expect(
      harness.screen.find("never sent: the run was cancelled after waiting 1.7 s of a 2.0 s")
        != nil, "\(harness.text)")
    #expect(harness.screen.find("ended after -") == nil, "\(harness.text)")
  }

  /// A retrying store's row says what comes next: the attempt and the time left, then that
  /// it is being sent.
  @Test func aRetryingRowSaysWhatIsNext() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    let attempts = SanitizerVisibleMutex(0)
    harness.transport.respond(to: .get, "items/6") { _ in
      let attempt = attempts.withLock {
        $0 += 1
        return $0
      }
      return .text(
        #"{"message":"down"}"#, statusCode: 503, delay: attempt == 1 ? nil : .seconds(1))
    }
    let store = harness.client.store(
      for: harness.api.query(Endpoint<Item>(.get, "items/6"), path: ["item", 6])
        .retry(limit: 3, backoff: .constant(.seconds(2))))
    let subscription = store.subscribe { _ in }
    defer { subscription.cancel() }
    await harness.waitFor("2/4 2.0s")
    harness.advance(by: .milliseconds(700))
    #expect(harness.line(containing: "item · 6")?.contains("2/4 1.3s") == true, "\(harness.text)")
    await harness.release(after: .milliseconds(1300))
    await harness.waitFor("send 2/4")
    #expect(harness.line(containing: "item · 6")?.contains("fetching") == true, "\(harness.text)")
  }

  /// Once a retry's wait is over, the attempt is sent: the timeline starts it when it was
  /// sent, and the state says it is sending rather than counting down to zero.
  @Test func aSentRetryIsSendingNotDue() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 150, height: 30))
    let attempts = SanitizerVisibleMutex(0)
    harness.transport.respond(to: .get, "items/4") { _ in
      let attempt = attempts.withLock {
        $0 += 1
        return $0
      }
      return .text(
        #"{"message":"down"}"#, statusCode: 503,
        delay: attempt == 1 ? nil : .milliseconds(1500))
    }
    let store = harness.client.store(
      for: harness.api.query(Endpoint<Item>(.get, "items/4"), path: ["item", 4])
        .retry(limit: 3, backoff: .constant(.seconds(1))))
    let subscription = store.subscribe { _ in }
    defer { subscription.cancel() }
    await harness.waitUntil("the first retry scheduled") {
      $0.client.store(at: ["item", 4])?.snapshot.retryProgress != nil
    }
    #expect(store.state.retryProgress?.isSendingNextAttempt == false)
    await harness.release(after: .seconds(1))
    await harness.waitUntil("the second attempt sent") { _ in
      store.state.retryProgress?.nextAttemptStartDate != nil
    }
    #expect(store.state.retryProgress?.nextAttempt == 2)
    #expect(store.runLog.contains { $0.event.description == "sent" && $0.attempt == 2 })
    await harness.waitFor("item · 4")
    harness.press(.down, .enter)
    await harness.waitFor("attempt 1 of 4 failed — sending attempt 2 since")
    harness.press(.tab, .tab)
    harness.advance(by: .milliseconds(500))
    let sent = try #require(harness.line(containing: "│  attempt 2"))
    #expect(sent.contains("running") && !sent.contains("in "), "\(harness.text)")
  }

  /// A run that made progress before failing (a stream that delivered events, then dropped)
  /// starts its backoff and limit over: the attempts keep their numbers, and the limit is
  /// said of the series since then — never "attempt 3 of 5" for a limit of 3 retries.
  @Test func aRetryAfterProgressCountsTheLimitSinceTheRunLastDelivered() async throws {
    struct Dropped: RetryableFailure {
      var afterEvents: Bool
      var retryDecision: RetryDecision { .retry }
      var restartsBackoff: Bool { afterEvents }
    }
    let harness = try DevtoolsHarness(size: Size(width: 150, height: 30))
    let attempts = SanitizerVisibleMutex(0)
    // Attempts 1 and 2 deliver, then drop; 3 and after fail at once.
    let store = harness.client.store(
      for: Query<Int, Dropped>(["live", "feed"]) { _ throws(Dropped) in
        let attempt = attempts.withLock {
          $0 += 1
          return $0
        }
        throw Dropped(afterEvents: attempt <= 2)
      }.retry(limit: 3, backoff: .constant(.seconds(1))))
    let subscription = store.subscribe { _ in }
    defer { subscription.cancel() }
    for failed in 1...3 {
      await harness.waitUntil("attempt \(failed) failed") { _ in
        store.state.retryProgress?.failedAttempts == failed
      }
      if failed < 3 { await harness.release(after: .seconds(1)) }
    }
    let retry = try #require(store.state.retryProgress)
    #expect(retry.retryLimit == 4 && retry.failedAttemptsBeforeSeries == 1)
    // The list's column: the third try of four of the series, not 4/5.
    await harness.waitFor("3/4 1.0s")
    harness.press(.down, .enter)
    await harness.waitFor("attempt 3 failed, 2 of 4 since the run last delivered — next at")
    #expect(harness.screen.find("of 5") == nil, "\(harness.text)")
  }
}
