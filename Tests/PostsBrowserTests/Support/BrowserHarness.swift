import EndToEndSupport
import Foundation
import Testing
import TetherCore
import TetherHTTP
import TetherSynchronization
import TetherTerminal

@testable import PostsBrowser

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
  /// Runs on the waking thread after every wake-up, e.g. to draw right then.
  let wakeHook = WakeHook()

  /// - Parameter prepare: sets up the backend before the browser's first request.
  init(
    size: Size = Size(width: 100, height: 30), posts: Int = 25, pageSize: Int = 10,
    retries: Int = 3, connectivity: ManualCondition = ManualCondition(true),
    prepare: (FakePostsBackend) -> Void = { _ in },
    title: @escaping @Sendable (Int) -> String = { "Post \($0)" }
  ) throws {
    backend = FakePostsBackend(clock: clock, count: posts, title: title)
    prepare(backend)
    model = PostsModel(
      PostsModel.Configuration(
        baseURL: URL(string: "http://posts.test")!, transport: backend.transport, clock: clock,
        pageSize: pageSize, retries: retries, persistsWrites: true,
        connectivity: connectivity))
    app = PostsBrowserApp(model: model)
    screen = VirtualScreen(size: size)
    loop = try EventLoop(app: app, screen: screen, input: input, clock: clock)
    let waker = loop.waker
    let wakeHook = wakeHook
    app.connect {
      waker.wake()
      wakeHook.run()
    }
    loop.runUntilIdle()  // the first frame, and the commands that fill the feed
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
  func release(
    after duration: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await waitForDelayedResponse(dueWithin: duration, sourceLocation: sourceLocation)
    advance(by: duration)
  }

  /// How many requests went to `path` (`/posts/25`).
  func requests(to path: String) -> Int {
    backend.transport.requests.filter { $0.url?.path == path }.count
  }

  /// Selects the store at `path` in the devtools' store view, as moving there would.
  func select(_ path: OperationPath) {
    app.inspector.browser.select(path)
    loop.runUntilIdle()
  }

  /// Waits until no request is in flight and nothing on screen is loading: the first pages,
  /// the post and its author have arrived (or failed).
  func settle(sourceLocation: SourceLocation = #_sourceLocation) async {
    await waitUntil("everything on screen loaded", sourceLocation: sourceLocation) { browser in
      let app = browser.app
      let feed = browser.model.feed.state
      let filled =
        feed.status == .failure || !feed.hasNextPage
        || browser.model.feedPosts.count >= app.postsToFill
      func done<Value>(_ state: QueryState<Value, HTTPError>?) -> Bool {
        guard let state else { return feed.pages.isEmpty }
        return !state.isFetching && (state.hasValue || state.status == .failure)
      }
      return browser.model.activity.snapshot.inFlight == 0 && !feed.isFetching && filled
        && done(app.selection?.post.state) && done(app.selection?.author.state)
    }
  }

  /// Waits until a request (a delayed response) sleeps on the test clock until `duration`
  /// from now at the latest, so that moving time reaches it.
  ///
  /// Gives up (recording an issue) when a ``HangGuard`` runs out, so a test never hangs: a
  /// guard, not a measure (a whole parallel run on two loaded cores left no thread of the pool
  /// free for a minute and more).
  func waitForDelayedResponse(
    dueWithin duration: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let clock = clock
    let deadline = clock.now().adding(duration)
    let arrived = await FirstOf.wait(orGiveUpAfter: .seconds(60)) {
      await clock.waitForSleepers(dueBy: deadline)
    }
    if !arrived {
      Issue.record(
        "no task slept on the test clock until \(duration) from now; the screen:\n\(text)",
        sourceLocation: sourceLocation)
    }
    loop.runUntilIdle()
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
    // A store's change, an inbox's message and a command's end all wake the loop; a minute of
    // a responsive pool without one is a hang (a loaded parallel run once took over 10 s to
    // parse a 1 MB page, and left no thread of the pool free for a minute and more).
    var hangGuard = HangGuard()
    while true {
      loop.runUntilIdle()
      if condition(self) { return }
      if await loop.waitForWork(orGiveUpAfter: .seconds(1)) {
        hangGuard = HangGuard()
      } else if hangGuard.hasRunOut {
        Issue.record(
          "gave up waiting for \(description); the screen:\n\(text)", sourceLocation: sourceLocation
        )
        return
      }
    }
  }
}

/// Waits for an async call that cannot be cancelled, with a real-time limit.
enum FirstOf {
  /// True when `wait` returned before a ``HangGuard`` of `limit` ran out; otherwise false,
  /// leaving it waiting.
  static func wait(
    orGiveUpAfter limit: Duration, _ wait: @escaping @Sendable () async -> Void
  ) async -> Bool {
    let answer = OneShot()
    return await withCheckedContinuation { continuation in
      answer.set(continuation)
      Task {
        await wait()
        answer.resume(returning: true)
      }
      Task {
        let hangGuard = HangGuard(limit: limit)
        while !hangGuard.hasRunOut && !answer.isAnswered {
          try? await Task.sleep(for: .milliseconds(100))
        }
        answer.resume(returning: false)
      }
    }
  }

  /// A continuation resumed once, by whichever side comes first.
  private final class OneShot: Sendable {
    private let continuation = SanitizerVisibleMutex<CheckedContinuation<Bool, Never>?>(nil)

    func set(_ continuation: CheckedContinuation<Bool, Never>) {
      self.continuation.withLock { $0 = continuation }
    }

    var isAnswered: Bool { continuation.withLock { $0 == nil } }

    func resume(returning value: Bool) {
      continuation.withLock { $0.take() }?.resume(returning: value)
    }
  }
}

/// What a test runs on the waking thread after every wake-up.
final class WakeHook: Sendable {
  private let hook = SanitizerVisibleMutex<(@Sendable () -> Void)?>(nil)

  func set(_ hook: (@Sendable () -> Void)?) {
    self.hook.withLock { $0 = hook }
  }

  func run() {
    hook.withLock { $0 }?()
  }
}
