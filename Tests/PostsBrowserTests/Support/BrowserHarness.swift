import Foundation
import PostsBrowser
import Testing
import TetherCore
import TetherSynchronization
import TetherTerminal

/// The browser on a virtual screen, fed by a ``FakePostsBackend``, on one test clock that both
/// the operations (retries, delays, staleness) and the screen (spinners, countdowns, toasts)
/// read — so a test drives time and input by hand and reads the screen.
final class BrowserHarness {
  let clock = TestClock()
  let backend: FakePostsBackend
  let model: PostsModel
  let app: PostsBrowserApp
  let screen: VirtualScreen
  let input = ScriptedInput()
  let loop: EventLoop<PostsBrowserApp>
  private let changes = ChangeSignal()

  /// - Parameter prepare: sets up the backend before the browser's first request.
  init(
    size: Size = Size(width: 100, height: 30), posts: Int = 25, retries: Int = 3,
    prepare: (FakePostsBackend) -> Void = { _ in },
    title: @escaping @Sendable (Int) -> String = { "Post \($0)" }
  ) throws {
    backend = FakePostsBackend(clock: clock, count: posts, title: title)
    prepare(backend)
    model = PostsModel(
      PostsModel.Configuration(
        baseURL: URL(string: "http://posts.test")!, transport: backend.transport, clock: clock,
        pageSize: 10, retries: retries, persistsWrites: true, connectivity: ManualCondition(true)))
    app = PostsBrowserApp(model: model)
    screen = VirtualScreen(size: size)
    loop = try EventLoop(app: app, screen: screen, input: input, clock: clock)
    let changes = changes
    let waker = loop.waker
    app.connect {
      changes.fire()
      waker.wake()
    }
    loop.runUntilIdle()
  }

  /// The screen as text.
  var text: String { screen.text }

  /// Sends keys and lets the loop handle them.
  func press(_ keys: Key...) {
    for key in keys { input.send(key) }
    loop.runUntilIdle()
  }

  /// Types text and lets the loop handle it.
  func type(_ text: String) {
    input.type(text)
    loop.runUntilIdle()
  }

  /// Moves both clocks forward and draws what came due.
  func advance(by duration: Duration) {
    clock.advance(by: duration)
    loop.runUntilIdle()
  }

  /// Waits until some task sleeps for at most `duration` (a delayed response, a retry), then
  /// moves time forward by `duration`, waking it.
  func release(after duration: Duration) async {
    await clock.waitForSleepers(dueBy: clock.now().adding(duration))
    advance(by: duration)
  }

  /// Waits until `text` is on screen.
  func waitFor(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await waitUntil("“\(text)” on screen", sourceLocation: sourceLocation) {
      $0.screen.find(text) != nil
    }
  }

  /// Waits until `condition` holds, redrawing whenever the app says something changed.
  ///
  /// Nothing here sleeps: it waits for the app's change notifications. The real-time limit
  /// only ends a test that would otherwise hang.
  func waitUntil(
    _ description: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (BrowserHarness) -> Bool
  ) async {
    while true {
      loop.runUntilIdle()
      if condition(self) { return }
      guard await changes.next(orGiveUpAfter: .seconds(10)) else {
        Issue.record(
          "gave up waiting for \(description); the screen:\n\(text)", sourceLocation: sourceLocation
        )
        return
      }
    }
  }
}

/// A latch that remembers a change until someone waits for it.
final class ChangeSignal: Sendable {
  private struct State {
    var pending = false
    var waiter: CheckedContinuation<Bool, Never>?
  }

  private let state = SanitizerVisibleMutex(State())

  func fire() {
    let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      guard let waiter = state.waiter else {
        state.pending = true
        return nil
      }
      state.waiter = nil
      return waiter
    }
    waiter?.resume(returning: true)
  }

  /// Returns true at the next change (at once if one happened since the last call), or false
  /// when none comes within `limit` of real time.
  func next(orGiveUpAfter limit: Duration) async -> Bool {
    let timeout = Task {
      // Cancelled when the change came first: then it must not touch the next waiter.
      guard (try? await Task.sleep(for: limit)) != nil else { return }
      let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: false)
    }
    defer { timeout.cancel() }
    return await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.pending {
          state.pending = false
          return true
        }
        state.waiter = continuation
        return false
      }
      if ready { continuation.resume(returning: true) }
    }
  }
}
