import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherHTTP
import TetherTerminal

@Suite struct MockOfflineTests {
  @Test func wPausesQueriesAndQueuesWritesUntilWAgain() async throws {
    let harness = try DevtoolsHarness()
    harness.serve("items/1")
    let store = harness.httpQuery(["item", 1], route: "items/1")
    let subscription = store.subscribe { _ in }
    defer { subscription.cancel() }
    await harness.waitUntil("fetched") { _ in store.state.status == .success }
    let add = harness.client.store(
      for: Mutation<String, Int, any Error>(["posts", "add"]) { _, _ in 7 })
    harness.press("W")
    #expect(harness.client.isOfflineMocked)
    #expect(harness.screen.find("offline (mocked)") != nil, "\(harness.text)")
    #expect(harness.screen.find("Offline (mocked): queries pause") != nil, "\(harness.text)")
    let refetch = Task { try await store.refetch() }
    let write = Task { try await add.mutate(with: "queued") }
    await harness.waitUntil("paused") { _ in
      store.state.fetchStatus == .paused && add.state.fetchStatus == .paused
    }
    await harness.waitFor("paused")
    #expect(harness.transport.requests.count == 1, "nothing is sent while offline")
    harness.press("W")
    #expect(!harness.client.isOfflineMocked)
    #expect(harness.screen.find("Online again: 2 paused stores go on") != nil, "\(harness.text)")
    _ = try await refetch.value
    #expect(try await write.value == 7)
    #expect(harness.transport.requests.count == 2)
    await harness.waitUntil("title") { $0.screen.find("offline (mocked)") == nil }
  }

  @Test func theNetworkLogTakesWToo() async throws {
    let harness = try DevtoolsHarness()
    harness.press("N", "W")
    #expect(
      harness.screen.find("Network · 0 requests · offline (mocked)") != nil, "\(harness.text)")
    harness.press("W")
    #expect(harness.screen.find("offline (mocked)") == nil, "\(harness.text)")
  }
}
