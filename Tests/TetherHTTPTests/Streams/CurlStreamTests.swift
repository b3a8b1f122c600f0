import EndToEndSupport
import Foundation
import Testing
import TetherCore

@testable import TetherHTTP

@Suite("Streams over libcurl, against the hostile server")
struct CurlStreamTests {
  /// A client of `server` with the guard timeouts: a test about the idle timeout gives its own.
  /// (Not a shorter idle by default: on two loaded cores under the thread sanitizer a test can
  /// wait tens of seconds for a thread, and a stalled stream it means to cancel would time out
  /// first.)
  func client(_ server: HostileServer, idle: Duration = HTTPTimeouts.loopbackGuard.idle)
    -> APIClient
  {
    var client = APIClient(
      baseURL: server.url, defaults: RequestDefaults(timeouts: .loopbackGuard),
      transport: CurlTransport())
    client.defaults.timeouts.idle = idle
    return client
  }

  @Test("events arrive while the body is still open; a stall then fails after the idle timeout")
  func incrementalThenStall() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let api = client(server, idle: .seconds(1))
    let stream = StreamEndpoint<PostChange>(
      .get, "sse",
      query: [URLQueryItem(name: "count", value: "3"), URLQueryItem(name: "then", value: "stall")])
    var events = api.events(stream, reconnects: false).makeAsyncIterator()
    var ids: [Int] = []
    do {
      while let change = try await events.next() { ids.append(change.id) }
      Issue.record("a stalled stream should not end cleanly")
    } catch {
      guard case .timedOut = error else {
        Issue.record("expected a timeout, got \(error)")
        return
      }
    }
    #expect(ids == [1, 2, 3])
    #expect(events.lastEventID == "3")
  }

  @Test("Last-Event-ID resumes; JSON lines stream; a reset is a retryable transport failure")
  func resumeLinesReset() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let api = client(server)
    var ids: [Int] = []
    for try await change in api.events(
      StreamEndpoint<PostChange>(.get, "sse", query: [URLQueryItem(name: "count", value: "2")]),
      lastEventID: "5", reconnects: false)
    {
      ids.append(change.id)
    }
    #expect(ids == [6, 7])
    #expect(server.requests.last?.header("Last-Event-ID") == "5")
    #expect(server.requests.last?.header("Accept") == "text/event-stream")

    var lines: [String] = []
    for try await change in api.events(
      StreamEndpoint<PostChange>(.get, "ndjson", format: .jsonLines), reconnects: false)
    {
      lines.append(change.title)
    }
    #expect(lines == ["post 1", "post 2", "post 3"])

    let reset = StreamEndpoint<StreamEvent>(
      .get, "sse", query: [URLQueryItem(name: "then", value: "reset")])
    var received = 0
    do {
      for try await _ in api.events(reset, reconnects: false) { received += 1 }
      Issue.record("a reset stream should fail")
    } catch {
      #expect(error.retryDecision == .retry, "\(error)")
    }
    #expect(received == 3)
  }

  @Test("an event over the limit stops the stream with a typed error")
  func eventOverTheLimit() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    var huge = StreamEndpoint<PostChange>(
      .get, "sse",
      query: [URLQueryItem(name: "count", value: "1"), URLQueryItem(name: "size", value: "5000")])
    huge.maximumEventSize = 1000
    await #expect {
      for try await _ in client(server).events(huge, reconnects: false) {}
    } throws: { error in
      if case .eventTooLarge(1000) = error as? HTTPError { true } else { false }
    }
  }

  @Test("20,000 events arrive in order through the paused and resumed transfer")
  func manyEvents() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let stream = StreamEndpoint<PostChange>(
      .get, "sse",
      query: [
        URLQueryItem(name: "count", value: "20000"), URLQueryItem(name: "size", value: "100"),
      ])
    var expected = 1
    for try await change in client(server).events(stream, reconnects: false) {
      guard change.id == expected else {
        Issue.record("event \(change.id) came where \(expected) belonged")
        return
      }
      expected += 1
    }
    #expect(expected == 20_001)
  }

  @Test("cancelling a reader that waits for the next event closes the connection at once")
  func cancel() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let api = client(server)
    let received = EventLog<String>()
    let reader = Task {
      for try await event in api.events(
        StreamEndpoint<StreamEvent>(
          .get, "sse", query: [URLQueryItem(name: "then", value: "stall")]), reconnects: false)
      {
        received.record(event.id ?? "")
      }
    }
    #expect(await received.wait(for: "3"))
    reader.cancel()
    let result = await reader.result
    #expect(result.httpError.map { "\($0)" } == "The request was cancelled.", "\(result)")
    #expect(await server.events.wait(for: .connectionClosed))
  }

  @Test("cancelling a reader that waits for the response head closes the connection at once")
  func cancelBeforeHead() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let api = client(server)
    let reader = Task {
      for try await _ in api.events(StreamEndpoint<StreamEvent>(.get, "never"), reconnects: false) {
        Issue.record("a server that never answers sent an event")
      }
    }
    #expect(await server.events.wait(for: .requestReceived("GET /never HTTP/1.1")))
    reader.cancel()
    let result = await reader.result
    #expect(result.httpError.map { "\($0)" } == "The request was cancelled.", "\(result)")
    #expect(await server.events.wait(for: .connectionClosed))
  }
}
