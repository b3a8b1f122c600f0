import Foundation
import Testing
import TetherCore
import TetherSynchronization

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `api.events(_:)` reads a stream as `EventSource` does: it reconnects with `Last-Event-ID`
/// after a clean end or a failure that may be retried, waits the server's `retry:`, a
/// `Retry-After` or the default backoff (which a connection that delivered events starts over),
/// and stops at a failure retrying cannot help.
@Suite("Reconnecting events on the test clock")
struct ReconnectingEventsTests {
  let clock = TestClock()

  /// One connection as the mocked server saw it: when it came, and the id it resumed after.
  struct Connection: Equatable {
    var second: Int
    var lastEventID: String?
  }

  func change(_ id: Int) -> MockStreamPart {
    .event(StreamEvent(id: "\(id)", data: #"{"id":\#(id),"title":"t\#(id)"}"#))
  }

  /// Lets the tasks run until `condition` holds; the real time limit guards against a hang.
  func settle(_ what: Comment, _ condition: () -> Bool) async {
    let limit = ContinuousClock.now + .seconds(60)
    while !condition() && ContinuousClock.now < limit {
      try? await Task.sleep(for: .milliseconds(1))
    }
    #expect(condition(), what)
  }

  @Test("reconnects after each stop, waiting the backoff, retry: or Retry-After; a 404 is final")
  func reconnectsAsEventSourceDoes() async throws {
    let api = APIClient.mocked(clock: clock)
    let start = clock.now()
    let connections = SanitizerVisibleMutex<[Connection]>([])
    let lost = MockStreamPart.failure(URLError(.networkConnectionLost))
    let changes = StreamEndpoint<PostChange>(.get, "posts/changes").mocked { request in
      let count = connections.withLock {
        $0.append(
          Connection(
            second: Int(clock.now().timeIntervalSince(start)),
            lastEventID: request.value(forHTTPHeaderField: "Last-Event-ID")))
        return $0.count
      }
      switch count {
      case 1: return .stream([change(1)])  // an event, then a clean end: wait 1 s
      case 2: return .stream([lost])  // a drop with nothing: 2 s
      case 3: return .stream([])  // a clean end with nothing: 4 s
      case 4: return .stream([change(2), .text("retry: 5000\n\n"), lost])  // the server's 5 s
      case 5: return .text("busy", statusCode: 503, headers: ["Retry-After": "3"])  // 3 s
      case 6: return .stream([])  // retry: holds across connections: 5 s
      default: return .text(#"{"message":"gone"}"#, statusCode: 404)
      }
    }
    let received = SanitizerVisibleMutex<[Int]>([])
    let reader = Task {
      for try await change in api.events(changes) { received.withLock { $0.append(change.id) } }
    }
    for (count, delay) in [(1, 1), (2, 2), (3, 4), (4, 5), (5, 3), (6, 5)] {
      await settle("connection \(count), then a wait") {
        connections.withLock { $0.count } == count && clock.sleeperCount > 0
      }
      #expect(
        clock.nextDeadline == clock.now().adding(.seconds(delay)), "after connection \(count)")
      clock.advance(by: .seconds(delay))
    }
    let failure = await reader.result
    #expect(failure.httpError?.statusCode == 404)
    #expect(received.withLock { $0 } == [1, 2])
    #expect(
      connections.withLock { $0 } == [
        Connection(second: 0, lastEventID: nil), Connection(second: 1, lastEventID: "1"),
        Connection(second: 3, lastEventID: "1"), Connection(second: 7, lastEventID: "1"),
        Connection(second: 12, lastEventID: "2"), Connection(second: 15, lastEventID: "2"),
        Connection(second: 20, lastEventID: "2"),
      ])
  }

  @Test("a final end finishes; one connection only when asked; cancelling ends the wait")
  func endsAndCancellation() async throws {
    let api = APIClient.mocked(clock: clock)
    var export = StreamEndpoint<PostChange>(.get, "export").mocked { _ in
      .stream([change(1), change(2)])
    }
    export.reconnectsAfterEnd = false
    var ids: [Int] = []
    for try await change in api.events(export) { ids.append(change.id) }
    #expect(ids == [1, 2])

    let dropping = StreamEndpoint<PostChange>(.get, "posts/changes").mocked { _ in
      .stream([change(1), .failure(URLError(.networkConnectionLost))])
    }
    var once = api.events(dropping, reconnects: false).makeAsyncIterator()
    #expect(try await once.next()?.id == 1)
    await #expect(throws: HTTPError.self) { try await once.next() }

    let reader = Task {
      for try await _ in api.events(dropping) {}
    }
    await settle("the wait before reconnecting") { clock.sleeperCount > 0 }
    reader.cancel()
    #expect(await reader.result.httpError.map { "\($0)" } == "The request was cancelled.")
  }
}
