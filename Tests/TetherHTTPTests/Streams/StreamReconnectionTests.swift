import EndToEndSupport
import Foundation
import Testing
import TetherCore
import TetherSynchronization

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A streamed query reconnects after the server ends the stream, waits the delay the server
/// asks for with `retry:` (within bounds), and opens through the response interceptors.
@Suite("Stream reconnection on the test clock")
struct StreamReconnectionTests {
  let clock = TestClock()

  func change(_ id: Int, after delay: Duration = .zero) -> MockStreamPart {
    .event(StreamEvent(id: "\(id)", data: #"{"id":\#(id),"title":"t\#(id)"}"#), after: delay)
  }

  /// Lets the tasks run until `condition` holds (the clock stands still meanwhile). The real
  /// time limit is a guard against a hang, not a measure: 2,000 naps of 1 ms were too few when
  /// a whole parallel run held the pool's threads.
  func settle(_ what: Comment, _ condition: () -> Bool) async {
    #expect(await eventually(condition), what)
  }

  func store(
    _ endpoint: StreamEndpoint<PostChange>, api: APIClient,
    backoff: Backoff = .constant(.seconds(2)), limit: Int = 5
  ) -> OperationStore<QueryState<[Int], HTTPError>> {
    let operations = OperationClient(clock: clock, connectivity: ManualCondition(true))
    let query = api.streamedQuery(endpoint, initialValue: [Int]()) { ids, change in
      ids.append(change.id)
    }
    return operations.store(for: query.retry(limit: limit, backoff: backoff))
  }

  @Test("a stream the server ends is reopened after the backoff, with Last-Event-ID")
  func cleanEndReconnects() async throws {
    let api = APIClient.mocked(clock: clock)
    let lastIDs = SanitizerVisibleMutex<[String?]>([])
    let changes = StreamEndpoint<PostChange>(.get, "posts/changes").mocked { request in
      let last = request.value(forHTTPHeaderField: "Last-Event-ID")
      lastIDs.withLock { $0.append(last) }
      switch last {
      case nil: return .stream([change(1)])
      case "1": return .stream([change(2)])
      default: return .stream([.stall])
      }
    }
    let store = store(changes, api: api)
    let run = Task { try await store.fetch() }
    await settle("the first end") { store.state.retryProgress?.failedAttempts == 1 }
    #expect(store.state.currentValue == [1])
    let progress = try #require(store.state.retryProgress)
    #expect("\(progress.lastFailure)" == "The server ended the stream.")
    #expect(progress.nextAttemptDate == clock.now().adding(.seconds(2)))
    #expect(lastIDs.withLock { $0 } == [nil])
    clock.advance(by: .seconds(2))
    await settle("the second end") { store.state.retryProgress?.failedAttempts == 2 }
    #expect(store.state.currentValue == [1, 2])
    // Both connections delivered an event: the limit of 5 grows by the retry forgiven.
    #expect(store.state.retryProgress?.retryLimit == 6)
    #expect(lastIDs.withLock { $0 } == [nil, "1"])
    clock.advance(by: .seconds(2))
    await settle("the third connection") { lastIDs.withLock { $0 } == [nil, "1", "2"] }
    #expect(store.state.status == .pending)
    run.cancel()
    _ = await run.result
  }

  @Test("a connection that delivered events starts the backoff over; failures in a row back off")
  func attemptsStartOverAfterEvents() async throws {
    let api = APIClient.mocked(clock: clock)
    let connections = SanitizerVisibleMutex(0)
    let lost = MockStreamPart.failure(URLError(.networkConnectionLost), after: .seconds(1))
    let changes = StreamEndpoint<PostChange>(.get, "posts/changes").mocked { _ in
      let count = connections.withLock {
        $0 += 1
        return $0
      }
      switch count {
      case 1: return .stream([change(1)])  // events, then a clean end
      case 2: return .stream([change(2), lost])  // events, then a drop
      case 3: return .stream([])  // a clean end with nothing
      case 4: return .stream([lost])  // a drop with nothing
      case 5: return .stream([change(3)])
      default: return .stream([.stall])
      }
    }
    // Retry n waits n seconds; three retries at most. Without the reset, the fifth connection
    // would be the fifth failed attempt in a row and end the run.
    let store = store(changes, api: api, backoff: .custom { .seconds($0) }, limit: 3)
    let run = Task { try await store.fetch() }
    // The delay is the backoff's for the failures since the last connection with events; the
    // limit of 3 grows by each retry forgiven; the attempts keep their numbers.
    let steps: [(delay: Int, retryLimit: Int, events: [Int], drops: Bool, received: Bool)] = [
      (1, 3, [1], false, true), (1, 4, [1, 2], true, true), (2, 4, [1, 2], false, false),
      (3, 4, [1, 2], true, false), (1, 7, [1, 2, 3], false, true),
    ]
    for (index, step) in steps.enumerated() {
      let connection = index + 1
      await settle("connection \(connection) is open") {
        connections.withLock { $0 } == connection && store.state.currentValue == step.events
      }
      if step.drops {
        await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
        clock.advance(by: .seconds(1))
      }
      await settle("connection \(connection) stopped") {
        connections.withLock { $0 } == connection
          && store.state.retryProgress.map { $0.nextAttemptDate > clock.now() } == true
      }
      let progress = try #require(store.state.retryProgress)
      #expect(progress.failedAttempts == connection)
      #expect(progress.retryLimit == step.retryLimit, "connection \(connection)")
      #expect(
        progress.nextAttemptDate == clock.now().adding(.seconds(step.delay)),
        "connection \(connection)")
      switch progress.lastFailure {
      case .streamInterrupted(let interruption):
        #expect(interruption.receivedEvents == step.received, "connection \(connection)")
        #expect((interruption.cause != nil) == step.drops, "connection \(connection)")
      case .transportFailed:
        #expect(step.drops && !step.received, "connection \(connection)")
      default:
        Issue.record("connection \(connection) stopped with \(progress.lastFailure)")
      }
      clock.advance(by: .seconds(step.delay))
    }
    await settle("the sixth connection") { connections.withLock { $0 } == 6 }
    #expect(store.state.status == .pending)
    run.cancel()
    _ = await run.result
  }

  @Test("an endpoint whose end is final succeeds with the value when the server ends it")
  func finalEnd() async throws {
    let api = APIClient.mocked(clock: clock)
    var changes = StreamEndpoint<PostChange>(.get, "export").mocked { _ in
      .stream([change(1), change(2)])
    }
    changes.reconnectsAfterEnd = false
    let store = store(changes, api: api)
    #expect(try await store.fetch() == [1, 2])
    #expect(store.state.failureCount == 0)
  }

  @Test("the server's retry: sets the delay before reconnecting, kept within bounds")
  func serverRetryDelay() async throws {
    for (asked, expected) in [
      (4_000, Duration.seconds(4)), (0, .milliseconds(500)), (86_400_000, .seconds(60)),
    ] {
      let api = APIClient.mocked(clock: clock)
      let connections = SanitizerVisibleMutex(0)
      let changes = StreamEndpoint<PostChange>(.get, "posts/changes").mocked { _ in
        let count = connections.withLock {
          $0 += 1
          return $0
        }
        guard count == 1 else { return .stream([.stall]) }
        return .stream([
          .text("retry: \(asked)\n\n"), change(1),
          .failure(URLError(.networkConnectionLost), after: .seconds(1)),
        ])
      }
      let store = store(changes, api: api)
      let run = Task { try await store.fetch() }
      await settle("the first event") { store.state.currentValue == [1] }
      clock.advance(by: .seconds(1))
      await settle("the drop") { store.state.retryProgress != nil }
      let progress = try #require(store.state.retryProgress)
      #expect(progress.nextAttemptDate == clock.now().adding(expected), "retry: \(asked)")
      guard case .streamInterrupted(let interruption) = progress.lastFailure else {
        Issue.record("expected an interruption, got \(progress.lastFailure)")
        return
      }
      #expect(interruption.reconnectionDelay == expected)
      #expect("\(progress.lastFailure)".contains("the connection was lost"))
      clock.advance(by: expected)
      await settle("the reconnection") { connections.withLock { $0 } == 2 }
      run.cancel()
      _ = await run.result
    }
    // A failure the server's delay cannot make retried stays final, and as it is.
    let interrupted = StreamInterruption(
      cause: .eventTooLarge(limit: 10), reconnectionDelay: .seconds(1))
    #expect(HTTPError.streamInterrupted(interrupted).retryDecision == .doNotRetry)
    #expect(
      HTTPError.streamInterrupted(StreamInterruption(cause: nil, reconnectionDelay: nil))
        .retryDecision == .retry)
  }

  @Test("a 401 opening a stream refreshes the token and opens it again; headers apply")
  func interceptorsSeeStreams() async throws {
    let token = SanitizerVisibleMutex("old")
    let refreshes = SanitizerVisibleMutex(0)
    var configured = APIClient.mocked(clock: clock)
    configured.interceptors = [
      AuthenticationInterceptor(
        credential: { .bearer(token.withLock { $0 }) },
        refresh: {
          refreshes.withLock { $0 += 1 }
          token.withLock { $0 = "new" }
        }),
      HeaderStamp(),
    ]
    let recorder = ExchangeRecorder()
    configured.observers = [recorder]
    let api = configured
    let changes = StreamEndpoint<PostChange>(.get, "posts/changes").mocked { request in
      guard request.value(forHTTPHeaderField: "Authorization") == "Bearer new" else {
        return .text(#"{"message":"expired"}"#, statusCode: 401)
      }
      #expect(request.value(forHTTPHeaderField: "X-Stamp") == "stamped")
      return .stream([change(1), change(2)])
    }
    var ids: [Int] = []
    for try await change in api.events(changes, reconnects: false) { ids.append(change.id) }
    #expect(ids == [1, 2])
    #expect(refreshes.withLock { $0 } == 1)
    #expect(recorder.statuses == [401, 200])

    // A refresh that cannot help: the 401 stands, with the server's message.
    token.withLock { $0 = "revoked" }
    let refused = StreamEndpoint<PostChange>(.get, "posts/changes").mocked { _ in
      .text(#"{"message":"revoked"}"#, statusCode: 401)
    }
    await #expect {
      for try await _ in api.events(refused) {}
    } throws: { error in (error as? HTTPError)?.statusCode == 401 }

    // An interceptor that turns an open stream into a failure closes it.
    token.withLock { $0 = "new" }
    var rejecting = api
    rejecting.interceptors.append(RejectStreams())
    await #expect {
      for try await _ in rejecting.events(changes) {}
    } throws: { error in "\(error)".contains("rejected") }
  }
}

/// Stamps every request, and checks that a stream's outcome holds its head.
private struct HeaderStamp: HTTPInterceptor {
  func intercept(_ request: URLRequest, context: InterceptorContext) async throws(HTTPError)
    -> RequestInterception
  {
    var request = request
    request.setValue("stamped", forHTTPHeaderField: "X-Stamp")
    return .proceed(request)
  }
}

/// Fails every stream that opened.
private struct RejectStreams: HTTPInterceptor {
  func intercept(_ outcome: ResponseOutcome, context: InterceptorContext) async
    -> ResponseInterception
  {
    guard outcome.value(as: HTTPStreamedResponse.self) != nil else { return .proceed(outcome) }
    var rejected = outcome
    rejected.result = .failure(.invalidRequest("rejected"))
    return .proceed(rejected)
  }
}

/// The statuses of the exchanges observers heard of.
private final class ExchangeRecorder: HTTPObserver {
  private let recorded = SanitizerVisibleMutex<[Int]>([])
  var statuses: [Int] { recorded.withLock { $0 } }
  func didFinish(_ exchange: HTTPExchange) {
    recorded.withLock { $0.append(exchange.response?.statusCode ?? 0) }
  }
}
