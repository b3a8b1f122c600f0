import Foundation
import Testing
import TetherCore
import TetherSynchronization

@testable import TetherHTTP

/// What the Posts service streams: a post that changed.
struct PostChange: Codable, Sendable, Equatable {
  var id: Int
  var title: String
}

@Suite("Streams on the test clock")
struct MockedStreamTests {
  let clock = TestClock()

  func change(_ id: Int) -> MockStreamPart {
    .event(
      StreamEvent(id: "\(id)", data: #"{"id":\#(id),"title":"t\#(id)"}"#), after: .seconds(1))
  }

  @Test("each event arrives when the clock reaches it, before the stream ends")
  func eventsArriveOneAtATime() async throws {
    let api = APIClient.mocked(clock: clock)
    let changes = StreamEndpoint<PostChange>(.get, "posts/changes").mocked { _ in
      .stream([change(1), change(2), .text(": heartbeat\n", after: .seconds(1))])
    }
    let received = SanitizerVisibleMutex<[Int]>([])
    let reader = Task {
      for try await change in api.events(changes, reconnects: false) {
        received.withLock { $0.append(change.id) }
      }
    }
    await clock.waitForSleepers()
    #expect(received.withLock { $0 }.isEmpty)
    clock.advance(by: .seconds(1))
    await clock.waitForSleepers()
    #expect(received.withLock { $0 } == [1])
    clock.advance(by: .seconds(1))
    await clock.waitForSleepers()
    #expect(received.withLock { $0 } == [1, 2])
    clock.advance(by: .seconds(1))
    try await reader.value
    #expect(received.withLock { $0 } == [1, 2])
  }

  @Test("a silent stream fails after the idle timeout; cancelling the reader ends it at once")
  func stallAndCancel() async throws {
    var configured = APIClient.mocked(clock: clock)
    configured.defaults.timeouts.idle = .seconds(5)
    let api = configured
    let stalled = StreamEndpoint<StreamEvent>(.get, "stalled").mocked { _ in
      .stream([.event(StreamEvent(data: "one")), .stall])
    }
    var events = api.events(stalled, reconnects: false).makeAsyncIterator()
    #expect(try await events.next()?.data == "one")
    let waiting = Task { [events] in
      var events = events
      return try await events.next()
    }
    await clock.waitForSleepers()
    clock.advance(by: .seconds(5))
    let failure = await waiting.result.httpError
    guard case .timedOut = failure else {
      Issue.record("expected a timeout, got \(String(describing: failure))")
      return
    }

    let cancelled = Task {
      try await api.events(stalled, reconnects: false).first { $0.data == "never" }
    }
    await clock.waitForSleepers()
    cancelled.cancel()
    #expect(await cancelled.result.httpError.map { "\($0)" } == "The request was cancelled.")
  }

  @Test("a streamed query shows the value after each event and reconnects with Last-Event-ID")
  func streamedQueryReconnects() async throws {
    let operations = OperationClient(clock: clock, connectivity: ManualCondition(true))
    let api = APIClient.mocked(clock: clock)
    let lastIDs = SanitizerVisibleMutex<[String?]>([])
    var changes = StreamEndpoint<PostChange>(.get, "posts/changes").mocked { request in
      let last = request.value(forHTTPHeaderField: "Last-Event-ID")
      lastIDs.withLock { $0.append(last) }
      return last == nil
        ? .stream([change(1), change(2), .failure(URLError(.networkConnectionLost))])
        : .stream([change(3)])
    }
    // The server's end is the end of the run here (see StreamReconnectionTests otherwise).
    changes.reconnectsAfterEnd = false
    let query = api.streamedQuery(changes, initialValue: [Int]()) { ids, change in
      ids.append(change.id)
    }
    let store = operations.store(for: query.retry(limit: 2, backoff: .constant(.seconds(1))))
    let run = Task { try await store.fetch() }
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    clock.advance(by: .seconds(1))
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    #expect(store.state.currentValue == [1])
    #expect(store.state.status == .pending)
    clock.advance(by: .seconds(1))
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    #expect(store.state.currentValue == [1, 2])
    // The drop and the backoff; then the reconnection resumes after event 2.
    #expect(store.state.failureCount == 1)
    clock.advance(by: .seconds(1))
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    clock.advance(by: .seconds(1))
    #expect(try await run.value == [1, 2, 3])
    #expect(lastIDs.withLock { $0 } == [nil, "2"])
    #expect(store.state.status == .success)
  }

  @Test("an event over the limit and an undecodable event end the stream, not retried")
  func finalFailures() async throws {
    let api = APIClient.mocked(clock: clock)
    var huge = StreamEndpoint<PostChange>(.get, "huge").mocked { _ in
      .stream([.text("data: " + String(repeating: "x", count: 2000) + "\n\n")])
    }
    huge.maximumEventSize = 1000
    await #expect {
      try await api.events(huge, reconnects: false).first { _ in true }
    } throws: { error in
      guard case .eventTooLarge(1000) = error as? HTTPError else { return false }
      return (error as! HTTPError).retryDecision == .doNotRetry
    }
    let wrong = StreamEndpoint<PostChange>(.get, "wrong").mocked { _ in
      .stream([.event(StreamEvent(data: #"{"id":"one"}"#))])
    }
    await #expect {
      try await api.events(wrong, reconnects: false).first { _ in true }
    } throws: { error in
      guard case .decodingFailed(let failure) = error as? HTTPError else { return false }
      return failure.codingPath == "id"
    }
    let json = StreamEndpoint<PostChange>(.get, "json").mocked { _ in
      .text("[]", headers: ["Content-Type": "application/json"])
    }
    await #expect {
      try await api.events(json, reconnects: false).first { _ in true }
    } throws: { error in
      "\(error)".contains("not text/event-stream")
    }
  }

  @Test("JSON lines stream from a mocked transport too, and an unacceptable status is typed")
  func jsonLinesAndStatus() async throws {
    let transport = MockTransport(clock: clock)
    transport.respond(to: .get, "/ticks") { _ in
      .stream(
        [
          try .jsonLine(PostChange(id: 1, title: "a")),
          try .jsonLine(PostChange(id: 2, title: "b")),
        ],
        headers: ["Content-Type": "application/x-ndjson"])
    }
    transport.respond(to: .get, "/gone", with: .text(#"{"message":"gone"}"#, statusCode: 410))
    let api = APIClient(baseURL: URL(string: "http://local.invalid/")!, transport: transport)
    var titles: [String] = []
    for try await change in api.events(
      StreamEndpoint<PostChange>(.get, "ticks", format: .jsonLines), reconnects: false)
    {
      titles.append(change.title)
    }
    #expect(titles == ["a", "b"])
    #expect(
      transport.requests.first?.value(forHTTPHeaderField: "Accept")?.hasPrefix(
        "application/x-ndjson") == true)
    let gone = StreamEndpoint<StreamEvent>(.get, "gone")
    await #expect {
      try await api.events(gone, reconnects: false).first { _ in true }
    } throws: { error in (error as? HTTPError)?.statusCode == 410 }
  }
}
