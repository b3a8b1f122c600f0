import Foundation
import Testing
import TetherCore

@testable import TetherHTTP

@Suite("APIClient")
struct APIClientTests {
  let transport = MockTransport()

  /// A client of the mock on a test clock: its deadline never passes unless a test moves time,
  /// however long a loaded run keeps the send waiting for a thread.
  func client(clientError: ClientErrorDecoder? = .json(APIMessage.self)) -> APIClient {
    APIClient(baseURL: baseURL, clientError: clientError, transport: transport, clock: TestClock())
  }

  @Test("sends the endpoint and decodes its response")
  func sendsAndDecodes() async throws {
    transport.respond(to: .get, "/v1/posts", with: try .json(postsPage()))
    let page = try await client().send(
      Endpoint<PostsPage>(.get, "posts", query: [URLQueryItem(name: "limit", value: "2")]))
    #expect(page == postsPage())
    #expect(
      transport.requests.map { $0.url?.absoluteString } == [
        "https://api.example.com/v1/posts?limit=2"
      ])
  }

  @Test("defaults reach the transport; the endpoint overrides them")
  func defaultsReachTransport() async throws {
    transport.respond(to: .get, "/v1/me", with: .text("{}"))
    var client = client()
    client.defaults.headers = ["Accept": "application/json", "X-App": "posts"]
    client.defaults.queryItems = [URLQueryItem(name: "api_key", value: "k")]
    try await client.send(Endpoint<Void>(.get, "me", headers: ["x-app": "admin"]))
    let request = try #require(transport.requests.first)
    #expect(request.url?.query == "api_key=k")
    #expect(request.value(forHTTPHeaderField: "X-App") == "admin")
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
  }

  @Test("an unacceptable status carries code, headers, raw body and the decoded client error")
  func statusWithClientError() async throws {
    transport.respond(
      to: .get, "/v1/posts/999",
      with: try .json(
        APIMessage(message: "Post with id '999' not found"), statusCode: 404,
        headers: ["X-Request-ID": "abc"]))
    let error = await #expect(throws: HTTPError.self) {
      try await client().send(Endpoint<Post>(.get, "posts/999"))
    }
    guard case .unacceptableStatus(let failure) = error else {
      Issue.record("expected a status failure, got \(String(describing: error))")
      return
    }
    #expect(failure.statusCode == 404)
    #expect(failure.headers["x-request-id"] == "abc")
    #expect(failure.clientError(as: APIMessage.self)?.message == "Post with id '999' not found")
    #expect(try JSONDecoder().decode(APIMessage.self, from: failure.body).message.contains("999"))
    #expect(error?.statusCode == 404)
    #expect(
      error?.description == "The server answered 404 Not Found: Post with id '999' not found")
  }

  @Test("a status failure whose body is not a client error keeps the raw body")
  func statusWithoutClientError() async throws {
    transport.respond(
      to: .get, "/v1/posts", with: .text("<html>Bad Gateway</html>", statusCode: 502))
    let error = await #expect(throws: HTTPError.self) {
      try await client().send(Endpoint<PostsPage>(.get, "posts"))
    }
    guard case .unacceptableStatus(let failure) = error else {
      Issue.record("expected a status failure")
      return
    }
    #expect(failure.clientError == nil)
    #expect(String(decoding: failure.body, as: UTF8.self) == "<html>Bad Gateway</html>")
    #expect(error?.description == "The server answered 502 Bad Gateway: <html>Bad Gateway</html>")
  }

  @Test("a body of the wrong shape is a decoding failure with the type and coding path")
  func decodingFailure() async throws {
    let body =
      #"{"posts":[{"id":1,"title":"a","userId":1},{"id":2,"title":7,"userId":1}],"total":2,"skip":0,"limit":2}"#
    transport.respond(to: .get, "/v1/posts", with: .text(body))
    let error = await #expect(throws: HTTPError.self) {
      try await client().send(Endpoint<PostsPage>(.get, "posts"))
    }
    guard case .decodingFailed(let failure) = error else {
      Issue.record("expected a decoding failure")
      return
    }
    #expect(failure.typeName == "PostsPage")
    #expect(failure.codingPath == "posts[1].title")
    #expect(failure.bodyPrefix.hasPrefix(#"{"posts":[{"id":1"#))
    #expect(error?.description.contains("could not be read as PostsPage at posts[1].title") == true)
  }

  @Test("a missing key names the key in the coding path; long bodies are cut")
  func missingKey() async throws {
    let filler = String(repeating: "x", count: 500)
    transport.respond(to: .get, "/v1/posts/1", with: .text(#"{"id":1,"pad":"\#(filler)"}"#))
    let error = await #expect(throws: HTTPError.self) {
      try await client().send(Endpoint<Post>(.get, "posts/1"))
    }
    guard case .decodingFailed(let failure) = error else {
      Issue.record("expected a decoding failure")
      return
    }
    #expect(failure.codingPath == "title")
    #expect(failure.reason == #"the key "title" is missing"#)
    #expect(failure.bodyPrefix.count == 201)
    #expect(failure.bodyPrefix.hasSuffix("…"))
  }

  @Test("transport failures, timeouts and cancellation become HTTP errors")
  func transportErrors() async throws {
    transport.respond(to: .get, "/v1/offline", with: .failure(URLError(.notConnectedToInternet)))
    transport.respond(to: .get, "/v1/slow", with: .failure(URLError(.timedOut)))
    transport.respond(to: .get, "/v1/gone", with: .failure(URLError(.cancelled)))
    let client = client()

    let offline = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Void>(.get, "offline"))
    }
    guard case .transportFailed(let urlError) = offline else {
      Issue.record("expected a transport failure")
      return
    }
    #expect(urlError.code == .notConnectedToInternet)
    #expect(
      offline?.description
        == "The request failed: the computer is not connected to the internet (URLError -1009).")

    let slow = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Void>(.get, "slow", timeout: .seconds(5)))
    }
    #expect(slow?.description == "The request timed out after 5 s.")

    let gone = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Void>(.get, "gone"))
    }
    #expect(gone?.description == "The request was cancelled.")
  }

  @Test("a send in a cancelled task is cancelled before anything is sent")
  func cancelledTask() async throws {
    let client = client()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await client.send(Endpoint<Void>(.get, "anything"))
    }
    let result = await task.result
    #expect(throws: HTTPError.self) { try result.get() }
    #expect(transport.requests.isEmpty)
  }

  @Test("control characters in an error body are escaped in the description")
  func escapesControlCharacters() async throws {
    transport.respond(to: .get, "/v1/x", with: .text("\u{1B}[2Jboom\n", statusCode: 500))
    let error = await #expect(throws: HTTPError.self) {
      try await APIClient(baseURL: baseURL, transport: transport, clock: TestClock())
        .send(Endpoint<Void>(.get, "x"))
    }
    #expect(
      error?.description == #"The server answered 500 Internal Server Error: \u{1B}[2Jboom\u{A}"#)
  }
}
