import Foundation
import Testing
import TetherCore

@testable import TetherHTTP

/// Issues tokens and counts refreshes.
private actor TokenStore {
  private(set) var token = "token-1"
  private(set) var refreshes = 0

  func refresh() {
    refreshes += 1
    token = "token-\(refreshes + 1)"
  }
}

@Suite("AuthenticationInterceptor")
struct AuthenticationInterceptorTests {
  let transport = MockTransport()

  @Test("adds a bearer token from the provider")
  func bearer() async throws {
    transport.respond(to: .get, "/v1/me", with: .text("{}"))
    let auth = AuthenticationInterceptor { .bearer("abc") }
    let client = APIClient(
      baseURL: baseURL, transport: transport, interceptors: [auth], clock: TestClock())
    try await client.send(Endpoint<Void>(.get, "me"))
    #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer abc")
  }

  @Test("adds basic credentials, base64-encoded")
  func basic() async throws {
    transport.respond(to: .get, "/v1/me", with: .text("{}"))
    let auth = AuthenticationInterceptor { .basic(username: "Aladdin", password: "open sesame") }
    let client = APIClient(
      baseURL: baseURL, transport: transport, interceptors: [auth], clock: TestClock())
    try await client.send(Endpoint<Void>(.get, "me"))
    #expect(
      transport.requests.first?.value(forHTTPHeaderField: "Authorization")
        == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
  }

  @Test("the endpoint's own Authorization wins, and its 401 triggers no refresh")
  func endpointAuthorizationWins() async throws {
    let store = TokenStore()
    transport.respond(to: .get, "/v1/me", with: .text("", statusCode: 401))
    let auth = AuthenticationInterceptor(
      credential: { .bearer(await store.token) }, refresh: { await store.refresh() })
    let client = APIClient(
      baseURL: baseURL, transport: transport, interceptors: [auth], clock: TestClock())
    let error = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Void>(.get, "me", headers: ["authorization": "Token own"]))
    }
    #expect(error?.statusCode == 401)
    #expect(
      transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Token own"])
    #expect(await store.refreshes == 0)
  }

  @Test("a provider that returns nil sends no credentials; one that throws fails the request")
  func providerEdges() async throws {
    transport.respond(to: .get, "/v1/public", with: .text("{}"))
    let anonymous = APIClient(
      baseURL: baseURL, transport: transport,
      interceptors: [AuthenticationInterceptor { nil }], clock: TestClock())
    try await anonymous.send(Endpoint<Void>(.get, "public"))
    #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == nil)

    struct LoggedOut: Error {}
    let failing = APIClient(
      baseURL: baseURL, transport: transport,
      interceptors: [AuthenticationInterceptor { throw LoggedOut() }], clock: TestClock())
    let error = await #expect(throws: HTTPError.self) {
      try await failing.send(Endpoint<Void>(.get, "public"))
    }
    #expect(error?.description.contains("the credentials could not be obtained: LoggedOut") == true)
  }

  @Test("10 concurrent 401s share one refresh and all succeed with the new token")
  func oneRefreshForConcurrent401s() async throws {
    let store = TokenStore()
    transport.respond(to: .get, "/v1/me") { request in
      request.value(forHTTPHeaderField: "Authorization") == "Bearer token-2"
        ? .text(#"{"id":1,"title":"me","userId":1}"#) : .text("", statusCode: 401)
    }
    let auth = AuthenticationInterceptor(
      credential: { .bearer(await store.token) }, refresh: { await store.refresh() })
    let client = APIClient(
      baseURL: baseURL, transport: transport, interceptors: [auth], clock: TestClock())

    let posts = try await withThrowingTaskGroup(of: Post.self) { group in
      for _ in 0..<10 {
        group.addTask { try await client.send(Endpoint<Post>(.get, "me")) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(posts.count == 10)
    #expect(await store.refreshes == 1)
    let tokens = transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") ?? "" }
    #expect(tokens.filter { $0 == "Bearer token-2" }.count == 10)
    #expect(tokens.allSatisfy { $0 == "Bearer token-1" || $0 == "Bearer token-2" })
  }

  @Test("a server that keeps answering 401 stops at the restart limit")
  func restartLimit() async throws {
    let store = TokenStore()
    transport.respond(to: .get, "/v1/me", with: .text("", statusCode: 401))
    let auth = AuthenticationInterceptor(
      credential: { .bearer(await store.token) }, refresh: { await store.refresh() })
    var client = APIClient(
      baseURL: baseURL, transport: transport, interceptors: [auth], clock: TestClock())
    client.maximumRestarts = 2
    let error = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Void>(.get, "me"))
    }
    #expect(error?.statusCode == 401)
    #expect(transport.requests.count == 3)
    #expect(await store.refreshes == 2)
  }

  @Test("a failed refresh returns the 401 without restarting")
  func failedRefresh() async throws {
    struct RefreshFailed: Error {}
    transport.respond(to: .get, "/v1/me", with: .text("", statusCode: 401))
    let auth = AuthenticationInterceptor(
      credential: { .bearer("old") }, refresh: { throw RefreshFailed() })
    let client = APIClient(
      baseURL: baseURL, transport: transport, interceptors: [auth], clock: TestClock())
    let error = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Void>(.get, "me"))
    }
    #expect(error?.statusCode == 401)
    #expect(transport.requests.count == 1)
  }
}
