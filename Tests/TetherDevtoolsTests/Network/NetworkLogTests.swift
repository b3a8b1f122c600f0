import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherDevtoolsHTTP
import TetherHTTP
import TetherSynchronization
import TetherTerminal

@Suite struct NetworkLogTests {
  @Test func recordsEveryRequestWithItsStoreAndAttempt() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    let attempts = SanitizerVisibleMutex(0)
    let transport = harness.transport
    transport.respond(to: .get, "items/3") { _ in
      let attempt = attempts.withLock {
        $0 += 1
        return $0
      }
      return attempt == 1
        ? .text(#"{"message":"later"}"#, statusCode: 503)
        : try .json(Item(id: 3, name: "three"), delay: .milliseconds(120))
    }
    let store = harness.httpQuery(["item", 3], route: "items/3")
    let fetch = Task { try await store.fetch() }
    await harness.waitUntil("the first attempt") {
      $0.network.records.count == 1 && !$0.network.records[0].isInFlight
    }
    await harness.release(after: .seconds(1))
    await harness.release(after: .milliseconds(120))
    _ = try await fetch.value
    harness.press("N")
    await harness.waitFor("Network · 2 requests")
    let first = try #require(harness.line(containing: "    1 "))
    #expect(
      first.contains("GET") && first.contains("/items/3") && first.contains("503"), "\(first)")
    #expect(first.contains("   1 item · 3"), "attempt 1, the store: \(first)")
    let second = try #require(harness.line(containing: "    2 "))
    #expect(
      second.contains("200") && second.contains("120 ms") && second.contains("   2 item · 3"),
      "\(second)")
    #expect(second.contains("21") || second.contains("23"), "bytes: \(second)")
    let records = harness.network.records
    #expect(records.map { $0.origin?.attempt } == [1, 2])
    #expect(records.map { $0.origin?.run } == [store.runLog.first?.run, store.runLog.first?.run])
  }

  @Test func filtersByTextAndByOutcome() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    harness.serve("items/1")
    harness.transport.respond(to: .get, "users/1", with: .text("{}", statusCode: 404))
    _ = try? await harness.httpQuery(["item", 1], route: "items/1").fetch()
    _ = try? await harness.client.store(
      for: harness.api.query(Endpoint<Item>(.get, "users/1"), path: ["user", 1]).retry(limit: 0)
    ).fetch()
    harness.press("N")
    await harness.waitFor("Network · 2 requests")
    harness.press("/")
    harness.type("users")
    #expect(
      harness.screen.find("/users/1") != nil && harness.screen.find("/items/1") == nil,
      "\(harness.text)")
    harness.press(.escape, "t")
    #expect(harness.screen.find("t failures") != nil, "\(harness.text)")
    #expect(harness.screen.find("/users/1") != nil && harness.screen.find("/items/1") == nil)
    harness.press("t")
    #expect(harness.screen.find("/users/1") == nil && harness.screen.find("/items/1") != nil)
    harness.press(.escape)
    #expect(harness.screen.find("/users/1") != nil && harness.screen.find("/items/1") != nil)
  }

  @Test func showsHeadersAndTheStartOfTheBodyWithCredentialsRedacted() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 40))
    harness.transport.respond(
      to: .get, "auth/me",
      with: .text(
        #"{"id":1,"accessToken":"eyJhbGciOi","name":"Emily"}"#,
        headers: ["Content-Type": "application/json", "Set-Cookie": "session=abc123"]))
    let endpoint = Endpoint<Item>(
      .get, "auth/me",
      query: [URLQueryItem(name: "token", value: "s3cr3t"), URLQueryItem(name: "q", value: "1")],
      headers: ["Authorization": "Bearer abc.def", "Accept": "application/json"])
    _ = try? await harness.client.store(for: harness.api.query(endpoint, path: ["me"])).fetch()
    harness.press("N")
    await harness.waitFor("/auth/me")
    harness.press(.enter)
    await harness.waitFor("Request headers")
    let text = harness.text
    #expect(!text.contains("s3cr3t") && text.contains("token=<redacted>&q=1"), "\(text)")
    #expect(!text.contains("abc.def") && text.contains("Authorization: <redacted>"))
    #expect(!text.contains("abc123") && text.contains("Set-Cookie: <redacted>"))
    #expect(!text.contains("eyJhbGciOi") && text.contains(#""accessToken": "<redacted>""#))
    #expect(text.contains(#"│    "name": "Emily""#), "a JSON body is pretty-printed: \(text)")
    #expect(text.contains("caused by me run #1 · attempt 1"))
    harness.press(.escape)
    #expect(harness.screen.find("Request headers") == nil)
  }

  /// An injected failure is marked as injected, and by which side, in the log, the request's
  /// detail and the timeline — never taken for a server's own answer.
  @Test func injectedFailuresSayWhoInjectedThem() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 140, height: 30))
    harness.serve("items/1")
    harness.transport.respond(
      to: .get, "items/2",
      with: .text(
        #"{"message":"Injected failure"}"#, statusCode: 500,
        headers: ["X-Tether-Fault": "server 500"]))
    var plan = FaultPlan()
    plan.failNext = 1
    plan.failureStatuses = [503]
    try harness.faults.apply(plan)
    let client = harness.client.store(
      for: harness.api.query(Endpoint<Item>(.get, "items/1"), path: ["item", 1])
        .retry(limit: 1, backoff: .constant(.seconds(1))))
    let fetch = Task { try await client.fetch() }
    await harness.release(after: .seconds(1))
    _ = try await fetch.value
    _ = try? await harness.client.store(
      for: harness.api.query(Endpoint<Item>(.get, "items/2"), path: ["item", 2]).retry(limit: 0)
    ).fetch()
    let records = harness.network.records
    #expect(records.map(\.injectedFault) == ["client: 503", nil, "server: 500"])
    #expect(records.map(\.statusText) == ["503 client", "200", "500 server"])
    harness.press("N")
    await harness.waitFor("Network · 3 requests")
    #expect(harness.line(containing: "    1 ")?.contains("503 client") == true, "\(harness.text)")
    #expect(harness.line(containing: "    3 ")?.contains("500 server") == true, "\(harness.text)")
    harness.press("s")
    await harness.waitFor("├── 1")
    harness.press(.down, .down, .enter, .tab, .tab)
    await harness.waitFor("run #1 fetch")
    let attempt = try #require(harness.line(containing: "│  attempt 1"))
    #expect(attempt.contains("503 client"), "\(harness.text)")
    harness.press(.up)
    #expect(harness.screen.find("injected by the client: 503") != nil, "\(harness.text)")
  }

  @Test func newRequestsAreFollowedUntilTheUserMovesUp() throws {
    let log = NetworkLog()
    var state = NetworkLogState()
    let date = Date(timeIntervalSince1970: 0)
    for index in 1...3 { log.begin(method: "GET", url: "u\(index)", target: "/\(index)", at: date) }
    var frame = Frame(size: Size(width: 80, height: 10), now: date)
    NetworkLogView(log).render(in: frame.bounds, into: &frame, state: &state)
    #expect(state.selection.id == 3)
    _ = state.handle(.key(.up))
    #expect(state.selection.id == 2 && !state.selection.followsNewest)
    log.begin(method: "GET", url: "u4", target: "/4", at: date)
    NetworkLogView(log).render(in: frame.bounds, into: &frame, state: &state)
    #expect(state.selection.id == 2, "stays on its request")
    _ = state.handle(.key("G"))
    log.begin(method: "GET", url: "u5", target: "/5", at: date)
    NetworkLogView(log).render(in: frame.bounds, into: &frame, state: &state)
    #expect(state.selection.id == 5, "at the newest, follows")
  }

  @Test func keepsTheLatestRecordsOnly() {
    let log = NetworkLog(capacity: 3)
    let ids = (1...5).map { log.begin(method: "GET", url: "\($0)", target: "/", at: .now) }
    #expect(log.records.map(\.id) == [3, 4, 5])
    log.finish(ids[0], with: NetworkOutcome(duration: .zero, status: 200))
    log.finish(ids[4], with: NetworkOutcome(duration: .milliseconds(5), status: 201))
    #expect(log.record(5)?.status == 201 && log.record(1) == nil)
  }
}

@Suite struct CurlCommandTests {
  @Test func aRequestIsCopiedAsACurlCommand() async throws {
    let harness = try DevtoolsHarness()
    harness.serve("items/1")
    let store = harness.httpQuery(["item", 1], route: "items/1")
    try await store.fetch()
    harness.press("N")
    await harness.waitFor("/items/1")
    harness.press(.enter)
    #expect(harness.screen.find("c copy as curl") != nil, "\(harness.text)")
    harness.press("c")
    let copied = try #require(harness.app.clipboardTexts.last)
    #expect(copied.hasPrefix("curl 'http://api.test/items/1'"), "\(copied)")
    await harness.loop.runUntilCommandsFinish()
    #expect(harness.screen.find("bytes of curl command to the clipboard") != nil, "\(harness.text)")
  }

  @Test func quotesForAShellAndKeepsTheBody() {
    var record = NetworkRecord(
      id: 1, method: "PUT", url: "http://h/posts/5", target: "/posts/5", startDate: Date(),
      requestHeaders: [("Content-Type", "application/json")],
      requestBody: Data(#"{"title":"Zoë's post"}"#.utf8))
    record.status = 200
    #expect(
      CurlCommand.of(record) == """
        curl -X PUT 'http://h/posts/5' \\
          -H 'Content-Type: application/json' \\
          --data-raw '{"title":"Zoë'\\''s post"}'
        """)
  }
}
