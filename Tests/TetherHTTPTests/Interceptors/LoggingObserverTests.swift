import Foundation
import Testing
import TetherCore

@testable import TetherHTTP

@Suite("LoggingObserver")
struct LoggingObserverTests {
  @Test("logs method, URL, status and duration with secrets redacted, to the sink")
  func redacts() async throws {
    let clock = TestClock()
    let transport = MockTransport(clock: clock)
    transport.respond(
      to: .get, "/v1/posts",
      with: .text(
        "{}", headers: ["Set-Cookie": "session=s3cret", "X-Total": "6"], delay: .milliseconds(42)))
    let lines = Recorder<String>()
    var client = APIClient(
      baseURL: baseURL, transport: transport,
      interceptors: [AuthenticationInterceptor { .bearer("tok3n") }],
      observers: [LoggingObserver(redaction: Redaction(names: ["sig2"])) { lines.append($0) }],
      clock: clock)
    client.defaults.queryItems = [URLQueryItem(name: "api_key", value: "k3y")]
    client.defaults.headers = ["Cookie": "a=b", "Accept": "application/json"]

    let task = Task {
      try await client.send(
        Endpoint<Void>(
          .get, "posts",
          query: [
            URLQueryItem(name: "limit", value: "10"), URLQueryItem(name: "sig2", value: "x"),
          ]))
    }
    await clock.waitForSleepers()
    clock.advance(by: .milliseconds(42))
    try await task.value

    let url = "https://api.example.com/v1/posts?api_key=<redacted>&limit=10&sig2=<redacted>"
    #expect(
      lines.elements == [
        "→ GET \(url) [Accept: application/json, Authorization: <redacted>, Cookie: <redacted>]",
        "← 200 GET \(url) 42.0 ms [Set-Cookie: <redacted>, X-Total: 6]",
      ])
    #expect(
      lines.elements.allSatisfy {
        !$0.contains("tok3n") && !$0.contains("k3y") && !$0.contains("s3cret")
      })
  }

  @Test("a URL's user and password are never logged")
  func userInfo() async throws {
    let transport = MockTransport()
    transport.respond(to: .get, "/v1/posts", with: .text("{}"))
    let lines = Recorder<String>()
    let client = APIClient(
      baseURL: URL(string: "https://me:s3cret@api.example.com/v1")!, transport: transport,
      observers: [LoggingObserver(includesHeaders: false) { lines.append($0) }], clock: TestClock())
    try await client.send(Endpoint<Void>(.get, "posts"))
    #expect(lines.elements.count == 2)
    #expect(lines.elements.allSatisfy { !$0.contains("s3cret") && !$0.contains("me:") })
    #expect(lines.elements.first == "→ GET https://api.example.com/v1/posts")
  }

  @Test("a failure is logged with its description, control characters escaped")
  func failure() async throws {
    let transport = MockTransport()
    transport.respond(
      to: .delete, "/v1/posts/1", with: .text("\u{1B}]0;pwned\u{7}", statusCode: 500))
    let lines = Recorder<String>()
    let client = APIClient(
      baseURL: baseURL, transport: transport,
      observers: [LoggingObserver(includesHeaders: false) { lines.append($0) }], clock: TestClock())
    _ = try? await client.send(Endpoint<Void>(.delete, "posts/1"))
    #expect(
      lines.elements.last
        == #"← 500 DELETE https://api.example.com/v1/posts/1 0.0 ms: The server answered 500 Internal Server Error: \u{1B}]0;pwned\u{7}"#
    )
  }
}
