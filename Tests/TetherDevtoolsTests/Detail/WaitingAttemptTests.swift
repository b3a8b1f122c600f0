import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherTerminal

/// Issue 33, item 11: an attempt that waits — out a retry's backoff, or for the network — says
/// so, with when it goes on, in the store's row and in its Attempts tab; never a run time that
/// grows while nothing is sent.
@Suite struct WaitingAttemptTests {
  @Test func anAttemptWaitingOutItsBackoffCountsDownToItsNextTry() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    let gate = Gate<String>()
    let rename = harness.client.store(
      for: Mutation<String, String, any Error>(["posts", "rename"]) { _, _ in try await gate.run() }
        .retry(limit: 2, backoff: .constant(.seconds(5))))
    let saving = Task { try await rename.mutate(with: "Second") }
    await gate.waitForStarts(1)
    harness.advance(by: .milliseconds(300))
    gate.fail(TestFailure(code: 1))
    await harness.waitUntil("waiting to retry") { _ in
      rename.state.retryProgress.map { $0.nextAttemptStartDate == nil } ?? false
    }
    harness.advance(by: .seconds(2))
    let row = try #require(harness.line(containing: "\"Second\""), "\(harness.text)")
    #expect(row.contains("waiting") && row.contains("next in 3.0 s"), "\(row)")
    #expect(!row.contains("running"), "\(row)")
    harness.advance(by: .seconds(1))
    let later = try #require(harness.line(containing: "\"Second\""))
    #expect(later.contains("next in 2.0 s"), "counts down, not up: \(later)")

    // Its Attempts tab says the same.
    harness.press(.down, .down, .down, .enter)
    #expect(harness.app.inspector.detail?.tab == .attempts, "\(harness.text)")
    let tabRow = try #require(harness.line(containing: "\"Second\""), "\(harness.text)")
    #expect(tabRow.contains("waiting") && tabRow.contains("in 2.0 s"), "\(tabRow)")
    #expect(harness.screen.find("attempt 2 of 3 in 2.0 s") != nil, "\(harness.text)")

    // Sent: it runs again, and says so.
    await harness.release(after: .seconds(2))
    await gate.waitForStarts(2)
    harness.advance(by: .zero)
    let sent = try #require(harness.line(containing: "\"Second\""), "\(harness.text)")
    #expect(sent.contains("running"), "\(sent)")
    gate.succeed("done")
    _ = try await saving.value
  }

  @Test func anAttemptPausedForTheNetworkSaysPausedInItsTab() async throws {
    let harness = try DevtoolsHarness(size: Size(width: 120, height: 30))
    let add = harness.client.store(
      for: Mutation<String, Int, any Error>(["posts", "add"]) { _, _ in 7 })
    harness.online.set(false)
    let write = Task { try await add.mutate(with: "queued") }
    await harness.waitUntil("paused") { _ in add.state.fetchStatus == .paused }
    harness.advance(by: .seconds(9))
    harness.press(.down, .down, .down, .enter)
    #expect(harness.app.inspector.detail?.tab == .attempts, "\(harness.text)")
    let row = try #require(harness.line(containing: "\"queued\""), "\(harness.text)")
    #expect(row.contains("paused") && !row.contains("running"), "\(row)")
    #expect(!row.contains("9.0 s"), "no run time while nothing is sent: \(row)")
    harness.online.set(true)
    #expect(try await write.value == 7)
  }
}
