import Foundation
import Testing
import TetherCore
import TetherSynchronization
import TetherTerminal

@testable import PostsBrowser

/// The screen is a function of the stores' states: once the loop has nothing left to do, the
/// last frame shows the latest state, however the changes from other threads interleave with
/// drawing. (A willSet-style observation once let a frame drawn between the notification and
/// the write show the old state — a "refreshing" mark that stayed until the next key.)
///
/// The drawing loops run on threads of their own, so that spinning never holds a thread of
/// the concurrency pool that the stores' runs (and the other tests) need.
@Suite(.serialized) struct RedrawStressTests {
  /// Changes made on another thread while the loop draws as fast as it can; after each, the
  /// loop settles on what its wake-ups ask for, and the screen must show the change.
  @Test func everyChangeFromAnotherThreadReachesTheScreen() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    await browser.waitUntil("the post loaded") { !$0.text.contains("refreshing") }
    let store = browser.model.post(25)
    let original = try #require(store.state.currentValue)
    let harness = UncheckedHarness(browser)
    let missed = await onAnotherThread { () -> [Int] in
      var missed: [Int] = []
      for round in 0..<600 {
        var changed = original
        changed.title = "Round \(round)"
        let post = changed
        let done = SanitizerVisibleMutex(false)
        Thread {
          store.setCurrentValue(post)
          done.withLock { $0 = true }
        }.start()
        // Draw while the other thread changes the store: the race window is right there.
        while !done.withLock({ $0 }) { harness.browser.loop.step() }
        harness.browser.loop.runUntilIdle()
        if !harness.browser.screen.lines[1].contains("││Round \(round) ") {
          missed.append(round)
        }
      }
      return missed
    }
    #expect(missed.isEmpty, "rounds whose change never reached the screen: \(missed.prefix(10))")
  }

  /// Refetches that finish on other threads while the loop draws: once settled, no
  /// "refreshing" mark is left on screen.
  @Test func noRefreshingMarkOutlivesItsFetch() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    let store = browser.model.post(25)
    let harness = UncheckedHarness(browser)
    let stuck = await onAnotherThread { () -> [Int] in
      var stuck: [Int] = []
      for round in 0..<300 {
        let done = SanitizerVisibleMutex(false)
        Task.detached {
          _ = try? await store.fetch()
          done.withLock { $0 = true }
        }
        while !done.withLock({ $0 }) { harness.browser.loop.step() }
        harness.browser.loop.runUntilIdle()
        if harness.browser.screen.lines[0].contains("refreshing") { stuck.append(round) }
      }
      return stuck
    }
    #expect(stuck.isEmpty, "rounds that left “refreshing” on screen: \(stuck.prefix(10))")
  }
}

extension RedrawStressTests {
  /// A frame drawn the moment a wake-up arrives, on the thread that made the change, already
  /// shows that change: the wake-up comes after the new state is readable, never before.
  @Test func aFrameDrawnAtTheWakeUpShowsTheChange() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    await browser.waitUntil("the post loaded") { !$0.text.contains("refreshing") }
    let store = browser.model.post(25)
    var changed = try #require(store.state.currentValue)
    changed.title = "Changed elsewhere"
    let post = changed
    // The test thread waits for the other thread, so only one draws at a time.
    let harness = UncheckedHarness(browser)
    browser.wakeHook.set { harness.browser.loop.step() }
    await onAnotherThread { store.setCurrentValue(post) }
    browser.wakeHook.set(nil)
    #expect(browser.screen.lines[1].contains("││Changed elsewhere "))
  }
}

/// Runs `body` on a new thread and returns its result, suspending (not blocking) meanwhile.
private func onAnotherThread<Result: Sendable>(
  _ body: @escaping @Sendable () -> Result
) async -> Result {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}

/// The harness handed to the waking thread while the test thread waits for it.
private final class UncheckedHarness: @unchecked Sendable {
  let browser: BrowserHarness
  init(_ browser: BrowserHarness) { self.browser = browser }
}
