import Foundation
import Testing
import TetherCore
import TetherHTTP

@testable import PostsBrowser

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Failures in a few words that fit a panel, and `--url`'s one line.
@Suite struct DescribeTests {
  static let url = URL(string: "http://example.test/api/")!

  /// What the client makes of `body` as the answer to the feed's first page.
  static func decodingFailure(_ body: String) async -> HTTPError {
    let transport = MockTransport()
    transport.respond(
      to: .get, "/api/posts",
      with: .text(body, headers: ["Content-Type": "application/json"]))
    // On a test clock: the deadline never passes while a loaded run keeps the send waiting.
    let api = APIClient(baseURL: url, transport: transport, clock: TestClock())
    do {
      _ = try await api.send(PostsAPI.posts(skip: 0, limit: 1))
      return .cancelled
    } catch {
      return error
    }
  }

  @Test func failuresInAFewWords() async {
    let status = HTTPError.unacceptableStatus(StatusFailure(statusCode: 404))
    #expect(Describe.failure(status) == "the server answered 404")
    let message = HTTPError.unacceptableStatus(
      StatusFailure(statusCode: 503, clientError: ServerMessage(message: "Down")))
    #expect(Describe.failure(message) == "503: Down")
    #expect(Describe.failure(HTTPError.timedOut(after: .seconds(8))) == "timed out after 8 s")
    #expect(
      Describe.failure(HTTPError.transportFailed(URLError(.networkConnectionLost)))
        == "the connection was lost")
    #expect(
      Describe.failure(HTTPError.responseTooLarge(limit: 32 << 20))
        == "the response is larger than 32 MiB")
    #expect(
      Describe.failure(await Self.decodingFailure(#"{"total": 1}"#))
        == "unreadable response: missing field posts")
    #expect(
      Describe.failure(
        await Self.decodingFailure(#"{"posts": "none", "total": 1, "skip": 0, "limit": 1}"#))
        == "unreadable response: posts is not a list")
  }

  @Test func theURLCheckSaysWhatHappened() async {
    let notFound = HTTPError.unacceptableStatus(
      StatusFailure(statusCode: 404, clientError: ServerMessage(message: "not found")))
    #expect(
      Describe.probeFailure(notFound, at: Self.url, path: "posts")
        == "the server answered 404 at /api/posts: not found")
    #expect(
      Describe.probeFailure(await Self.decodingFailure("{}"), at: Self.url, path: "posts")
        == "http://example.test/api/ is not a posts API: missing field posts")
    #expect(
      Describe.probeFailure(.timedOut(after: .seconds(5)), at: Self.url, path: "posts")
        == "http://example.test/api/ did not answer within 5 s")
    #expect(
      Describe.probeFailure(
        .transportFailed(URLError(.cannotConnectToHost)), at: Self.url, path: "posts")
        == "cannot reach http://example.test/api/: could not connect to the server")
  }

  @Test func aLongMessageIsCutAndItsHintKept() {
    let line = Describe.fitting(
      "⚠ unreadable response: missing field posts", suffix: " — m to retry", width: 30)
    // Cut at a word (issue 33, item 15), within the width.
    #expect(line == "⚠ unreadable… — m to retry")
  }
}
