import Foundation
import Testing
import TetherCore
import TetherSynchronization

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Conditional requests")
struct ConditionalRequestTests {
  /// A post endpoint whose mock answers 200 with `tag` unless the request names it, and which
  /// counts the bodies it parses and the requests it sees.
  final class Server: Sendable {
    let parsed = SanitizerVisibleMutex(0)
    let conditions = SanitizerVisibleMutex<[String?]>([])
    let tag = SanitizerVisibleMutex<String?>("\"v1\"")
    let title = SanitizerVisibleMutex("First")

    var endpoint: Endpoint<String> {
      Endpoint<String>(.get, "posts/1") { [self] data, _ in
        parsed.withLock { $0 += 1 }
        return String(decoding: data, as: UTF8.self)
      }.mocked { [self] request in
        let condition = request.value(forHTTPHeaderField: "If-None-Match")
        conditions.withLock { $0.append(condition) }
        let tag = tag.withLock { $0 }
        if let condition, condition == tag { return MockResponse(statusCode: 304) }
        return .text(
          title.withLock { $0 }, headers: tag.map { ["ETag": $0] } ?? [:])
      }
    }
  }

  let clock = TestClock()

  func operations() -> OperationClient {
    OperationClient(clock: clock, connectivity: ManualCondition(true))
  }

  @Test("a query's refetch sends If-None-Match; a 304 keeps the value fresh without parsing a body")
  func revalidates() async throws {
    let server = Server()
    let api = APIClient.mocked(clock: clock)
    let store = operations().store(for: api.query(server.endpoint))
    #expect(try await store.fetch() == "First")
    clock.advance(by: .seconds(60))
    #expect(try await store.fetch() == "First")
    #expect(server.conditions.withLock { $0 } == [nil, "\"v1\""])
    #expect(server.parsed.withLock { $0 } == 1)
    #expect(store.state.valueUpdateCount == 2)
    #expect(store.state.valueLastUpdatedAt == clock.now())

    // A changed resource has a new tag: the full answer replaces the value and its tag.
    server.tag.withLock { $0 = "\"v2\"" }
    server.title.withLock { $0 = "Second" }
    #expect(try await store.fetch() == "Second")
    #expect(try await store.fetch() == "Second")
    #expect(server.conditions.withLock { $0 }.suffix(2) == ["\"v1\"", "\"v2\""])
    #expect(server.parsed.withLock { $0 } == 2)
  }

  @Test("a 304 to a request that named no tag is a clear status failure")
  func notModifiedWithoutTag() async throws {
    let api = APIClient.mocked(clock: clock)
    let endpoint = Endpoint<Void>(.get, "posts/1").mocked(MockResponse(statusCode: 304))
    let store = operations().store(for: api.query(endpoint).retry(limit: 0))
    let error = await #expect(throws: OperationError<HTTPError>.self) { try await store.fetch() }
    guard case .failure(.unacceptableStatus(let failure))? = error else {
      Issue.record("expected a status failure, got \(String(describing: error))")
      return
    }
    #expect(failure.statusCode == 304)
  }

  @Test("Last-Modified comes back as If-Modified-Since; a 2xx without validators forgets")
  func lastModifiedAndForgetting() async throws {
    let seen = SanitizerVisibleMutex<[String?]>([])
    let validators = SanitizerVisibleMutex(true)
    let endpoint = Endpoint<Void>(.get, "feed").mocked { request in
      seen.withLock { $0.append(request.value(forHTTPHeaderField: "If-Modified-Since")) }
      let send = validators.withLock { $0 }
      return MockResponse(
        headers: send ? ["Last-Modified": "Mon, 07 Dec 2026 09:00:00 GMT"] : [:])
    }
    let api = APIClient.mocked(clock: clock)
    let store = operations().store(for: api.query(endpoint))
    try await store.fetch()
    validators.withLock { $0 = false }
    try await store.fetch()
    try await store.fetch()
    #expect(seen.withLock { $0 } == [nil, "Mon, 07 Dec 2026 09:00:00 GMT", nil])
    #expect(api.validators?.count == 0)
  }

  @Test("plain sends, mutations and a client without validators send no conditions")
  func onlyQueries() async throws {
    let server = Server()
    var configured = APIClient.mocked(clock: clock)
    let api = configured
    _ = try await api.send(server.endpoint)
    _ = try await api.send(server.endpoint)
    let mutation = api.mutation(["touch"]) { (_: Int) in server.endpoint }
    let operations = operations()
    _ = try await operations.store(for: mutation).mutate(with: 1)
    _ = try await operations.store(for: mutation).mutate(with: 2)
    configured.validators = nil
    let unvalidated = configured
    let store = operations.store(for: unvalidated.query(server.endpoint, path: ["other"]))
    _ = try await store.fetch()
    _ = try await store.fetch()
    #expect(server.conditions.withLock { $0 } == [nil, nil, nil, nil, nil, nil])
  }

  @Test("pages of a paginated query are revalidated each with its own tag")
  func pages() async throws {
    let seen = SanitizerVisibleMutex<[String]>([])
    let api = APIClient.mocked(clock: clock)
    let feed = api.paginatedQuery(initialPageID: 0) { last, _ in
      last.id < 1 ? last.id + 1 : nil
    } endpoint: { page in
      Endpoint<Int>(.get, "posts", query: [URLQueryItem(name: "page", value: "\(page)")]).mocked {
        request in
        let condition = request.value(forHTTPHeaderField: "If-None-Match")
        seen.withLock { $0.append("\(page):\(condition ?? "-")") }
        if condition == "\"p\(page)\"" { return MockResponse(statusCode: 304) }
        return .text("\(page)", headers: ["ETag": "\"p\(page)\""])
      }
    }
    let store = operations().store(for: feed)
    try await store.fetchNextPage()
    try await store.fetchNextPage()
    try await store.refetch()
    #expect(seen.withLock { $0 } == ["0:-", "1:-", "0:\"p0\"", "1:\"p1\""])
    #expect(store.state.pages.map(\.value) == [0, 1])
  }

  @Test("the oldest entries go past the capacity")
  func capacity() {
    let validators = ResponseValidators(capacity: 2)
    for key in ["a", "b", "a", "c"] {
      validators.set(.init(entityTag: "\"\(key)\"", value: key), for: key)
    }
    #expect(validators.entry(for: "b") == nil)
    #expect(validators.entry(for: "a")?.entityTag == "\"a\"")
    #expect(validators.entry(for: "c") != nil)
    #expect(validators.count == 2)
  }
}
