import Foundation
import Testing
import TetherCore

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Records its name on the way in and out, and optionally tags the request.
private struct Tracing: HTTPInterceptor {
  let name: String
  let trace: Recorder<String>

  func intercept(_ request: URLRequest, context: InterceptorContext) async throws(HTTPError)
    -> RequestInterception
  {
    trace.append("request \(name)")
    var request = request
    let seen = request.value(forHTTPHeaderField: "X-Trace").map { $0 + "," } ?? ""
    request.setValue(seen + name, forHTTPHeaderField: "X-Trace")
    return .proceed(request)
  }

  func intercept(_ outcome: ResponseOutcome, context: InterceptorContext) async
    -> ResponseInterception
  {
    trace.append("response \(name)")
    return .proceed(outcome)
  }
}

/// Answers every request itself.
private struct Mocking: HTTPInterceptor {
  let body: String

  func intercept(_ request: URLRequest, context: InterceptorContext) async throws(HTTPError)
    -> RequestInterception
  {
    .respond(HTTPResponse(statusCode: 200, body: Data(body.utf8), url: request.url!))
  }
}

/// Turns a 404 into an empty page.
private struct NotFoundIsEmpty: HTTPInterceptor {
  func intercept(_ outcome: ResponseOutcome, context: InterceptorContext) async
    -> ResponseInterception
  {
    guard outcome.statusCode == 404 else { return .proceed(outcome) }
    var outcome = outcome
    outcome.result = .success(PostsPage(posts: [], total: 0, skip: 0, limit: 0))
    return .proceed(outcome)
  }
}

/// Asks for a restart on every 503 and counts the passes.
private struct RestartOn503: HTTPInterceptor {
  let passes: Recorder<Int>

  func intercept(_ outcome: ResponseOutcome, context: InterceptorContext) async
    -> ResponseInterception
  {
    passes.append(context.restartCount)
    return outcome.statusCode == 503 ? .restart : .proceed(outcome)
  }
}

/// Fails every request before it is sent.
private struct Refusing: HTTPInterceptor {
  func intercept(_ request: URLRequest, context: InterceptorContext) async throws(HTTPError)
    -> RequestInterception
  {
    throw .invalidRequest("refused")
  }
}

@Suite("Interceptors")
struct InterceptorTests {
  let transport = MockTransport()
  let trace = Recorder<String>()

  @Test("requests pass interceptors first to last, outcomes last to first")
  func order() async throws {
    transport.respond(to: .get, "/v1/me", with: .text("{}"))
    let client = APIClient(
      baseURL: baseURL, transport: transport,
      interceptors: ["a", "b", "c"].map { Tracing(name: $0, trace: trace) }, clock: TestClock())
    try await client.send(Endpoint<Void>(.get, "me"))
    #expect(
      trace.elements == [
        "request a", "request b", "request c", "response c", "response b", "response a",
      ])
    #expect(transport.requests.first?.value(forHTTPHeaderField: "X-Trace") == "a,b,c")
  }

  @Test(
    "a request interceptor can answer with a mock; later interceptors and the transport never see it"
  )
  func mocking() async throws {
    let client = APIClient(
      baseURL: baseURL, transport: transport,
      interceptors: [
        Tracing(name: "outer", trace: trace), Mocking(body: #"{"id":1,"title":"mock","userId":2}"#),
        Tracing(name: "inner", trace: trace),
      ], clock: TestClock())
    let post = try await client.send(Endpoint<Post>(.get, "posts/1"))
    #expect(post == Post(id: 1, title: "mock", userId: 2))
    #expect(transport.requests.isEmpty)
    #expect(trace.elements == ["request outer", "response outer"])
  }

  @Test("a response interceptor can rewrite a failure into a value")
  func rewriting() async throws {
    transport.respond(to: .get, "/v1/posts", with: .text("{}", statusCode: 404))
    let client = APIClient(
      baseURL: baseURL, transport: transport, interceptors: [NotFoundIsEmpty()], clock: TestClock())
    let page = try await client.send(Endpoint<PostsPage>(.get, "posts"))
    #expect(page.posts.isEmpty)
  }

  @Test("a rewritten value of the wrong type is a decoding failure")
  func rewritingWrongType() async throws {
    transport.respond(to: .get, "/v1/posts", with: .text("{}", statusCode: 404))
    let client = APIClient(
      baseURL: baseURL, transport: transport, interceptors: [NotFoundIsEmpty()], clock: TestClock())
    let error = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Post>(.get, "posts"))
    }
    guard case .decodingFailed(let failure) = error else {
      Issue.record("expected a decoding failure")
      return
    }
    #expect(failure.reason == "an interceptor replaced the response with a PostsPage")
  }

  @Test("a restart runs the whole pipeline again, at most maximumRestarts times")
  func restartLimit() async throws {
    transport.respond(to: .get, "/v1/busy", with: .text("", statusCode: 503))
    let passes = Recorder<Int>()
    var client = APIClient(
      baseURL: baseURL, transport: transport,
      interceptors: [Tracing(name: "a", trace: trace), RestartOn503(passes: passes)],
      clock: TestClock())
    client.maximumRestarts = 3
    let error = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Void>(.get, "busy"))
    }
    #expect(error?.statusCode == 503)
    #expect(passes.elements == [0, 1, 2, 3])
    #expect(transport.requests.count == 4)
    #expect(trace.elements.filter { $0 == "request a" }.count == 4)
  }

  @Test("a restart can recover: the next pass succeeds")
  func restartRecovers() async throws {
    let calls = Recorder<Int>()
    transport.respond(to: .get, "/v1/flaky") { _ in
      calls.append(1)
      return calls.elements.count == 1 ? .text("", statusCode: 503) : .text("{}")
    }
    let passes = Recorder<Int>()
    let client = APIClient(
      baseURL: baseURL, transport: transport, interceptors: [RestartOn503(passes: passes)],
      clock: TestClock())
    try await client.send(Endpoint<Void>(.get, "flaky"))
    #expect(passes.elements == [0, 1])
  }

  @Test("a failing request interceptor fails the send; outer interceptors see the failure")
  func requestFailure() async throws {
    let client = APIClient(
      baseURL: baseURL, transport: transport,
      interceptors: [
        Tracing(name: "outer", trace: trace), Refusing(), Tracing(name: "inner", trace: trace),
      ], clock: TestClock())
    let error = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Void>(.get, "me"))
    }
    #expect(error?.description == "The request is invalid: refused.")
    #expect(trace.elements == ["request outer", "response outer"])
    #expect(transport.requests.isEmpty)
  }
}
