import Foundation
import TetherCore
import TetherDevtools
import TetherTerminal

/// `tether-bench devtools` (also run by `app`): TetherDevtools on a 200×60 frame — the full
/// store view of 10,000 stores with their run logs (a frame while moving, a frame after a
/// store changed), a 1 MB value in the value explorer, the memory all that holds, and the
/// frames an idle store view draws.
///
/// Baselines, from the same run: the same frames of plain row writes (RenderSuite's), and the
/// process's memory before the stores were made.
enum DevtoolsSuite {
  static let size = Size(width: 200, height: 60)
  static let storeCount = 10_000
  static let frameCount = 200

  static func run() async throws {
    await measure()
  }

  /// A value of about 1 MB: 10,000 posts of about 100 bytes of JSON each.
  struct Post: Codable, Sendable {
    var id: Int
    var title: String
    var tags: [String]
  }

  @concurrent
  static func measure() async {
    Harness.heading("devtools: 200×60 full store view of \(storeCount) stores with run logs")
    // The baseline's rows first, so that the memory measured is the stores' and the devtools'.
    let titles = (0..<RenderSuite.rowCount).map { "Post #\($0): a title of a typical length" }
    let before = (try? ProcessUsage(of: getpid()))?.residentBytes ?? 0
    let clock = TestClock()
    let client = OperationClient(clock: clock, connectivity: ManualCondition(true))
    let devtools = Devtools(client: client)
    var made: [OperationStore<QueryState<Int, any Error>>] = []
    for index in 0..<storeCount {
      let path: OperationPath = index % 2 == 0 ? ["post", index] : ["user", index, "posts"]
      let store = client.store(for: Query<Int, any Error>(path) { _ in index })
      _ = try? await store.fetch()
      made.append(store)
    }
    let stores = made
    let plain = await RenderSuite.plainBaseline(titles, frames: frameCount)

    // Moving up and down through the unfolded tree: only the selection changes.
    let moving = await Harness.best(iterations: frameCount) {
      var state = DevtoolsState()
      state.presentation = .fullScreen
      RenderSuite.frames(frameCount + 1) { index, frame in
        if index > 0 { _ = state.browser.handle(.key(index % 100 < 50 ? .down : .up)) }
        DevtoolsView(devtools).render(in: frame.bounds, into: &frame, state: &state)
      }
    }
    Harness.compare(
      "frame: move in the store view", moving, baseline: "plain row writes + diff", plain)
    verdict(moving, "store view frame target < 2 ms")

    // A store changes before every frame: its record, and the tree, are made again.
    let changing = await Harness.best(iterations: frameCount) {
      var state = DevtoolsState()
      state.presentation = .fullScreen
      RenderSuite.frames(frameCount + 1) { index, frame in
        stores[index % storeCount].setCurrentValue(index)
        DevtoolsView(devtools).render(in: frame.bounds, into: &frame, state: &state)
      }
    }
    Harness.compare(
      "frame: a store changed, store view", changing, baseline: "plain row writes + diff", plain)
    verdict(changing, "store view frame target < 2 ms")

    let after = (try? ProcessUsage(of: getpid()))?.residentBytes ?? 0
    Harness.line(
      "memory: \(storeCount) stores, run logs, devtools",
      "\(megabytes(after - before)) more than before them (\(megabytes(after)) in all), "
        + "target < 60 MB " + (after - before < 60_000_000 ? "✓" : "✗"))
    measureIdle(devtools)

    Harness.heading("devtools: a 1 MB value in the value explorer, 200×60")
    let posts = (0..<10_000).map { index in
      Post(
        id: index, title: "A title of a typical length for post number \(index)",
        tags: ["history", "crime", "mystery"])
    }
    let big = client.store(for: Query<[Post], any Error>(["posts", "all"]) { _ in posts })
    _ = try? await big.fetch()
    let bytes = (try? JSONEncoder().encode(posts).count) ?? 0
    let first = await Harness.best(iterations: 1) {
      var state = DevtoolsState()
      state.presentation = .fullScreen
      state.showDetail(of: ["posts", "all"], tab: .value)
      RenderSuite.frames(1) { _, frame in
        DevtoolsView(devtools).render(in: frame.bounds, into: &frame, state: &state)
      }
    }
    Harness.line(
      "first frame of a \(megabytes(bytes)) value",
      Harness.formatDuration(first.wallSeconds)
        + " (encodes and lays it out once)")
    let scrolling = await Harness.best(iterations: frameCount) {
      var state = DevtoolsState()
      state.presentation = .fullScreen
      state.showDetail(of: ["posts", "all"], tab: .value)
      let context = EventContext(now: Date(), size: size)
      RenderSuite.frames(frameCount + 1) { index, frame in
        // Everything unfolded once (`*` on the root), then a page down or up each frame.
        let key: Key? = index == 1 ? "*" : index > 1 ? (index % 20 < 10 ? .pageDown : .pageUp) : nil
        if let key { _ = state.handle(.key(key), devtools: devtools, context: context) }
        DevtoolsView(devtools).render(in: frame.bounds, into: &frame, state: &state)
      }
    }
    Harness.compare(
      "frame: the 1 MB value shown", scrolling, baseline: "plain row writes + diff", plain)
    verdict(scrolling, "value explorer frame target < 2 ms")
    withExtendedLifetime(stores) {}
    await measureHistory(plain: plain)
  }

  /// The frames an idle full store view draws in 5 s (of the test clock): none is wanted.
  static func measureIdle(_ devtools: Devtools) {
    let app = IdleInspector(devtools: devtools)
    let clock = TestClock()
    guard
      let loop = try? EventLoop(
        app: app, screen: VirtualScreen(size: size), input: ScriptedInput(), clock: clock)
    else { return }
    loop.runUntilIdle()
    let drawn = loop.framesRendered
    for _ in 0..<50 {
      clock.advance(by: .milliseconds(100))
      loop.runUntilIdle()
    }
    let idle = loop.framesRendered - drawn
    Harness.line("idle store view, 5 s", "\(idle) frames, target 0 " + (idle == 0 ? "✓" : "✗"))
  }

  /// The target: a frame in under 2 ms.
  static func verdict(_ sample: Harness.Sample, _ label: String) {
    let verdict = sample.wallPerIteration < 2e-3 ? "met" : "MISSED"
    Harness.line(label, "\(Harness.formatDuration(sample.wallPerIteration)) — \(verdict)")
  }

  static func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_000_000)
  }
}

/// The devtools over a whole screen, nothing else.
final class IdleInspector: TerminalApp {
  let devtools: Devtools
  var state = DevtoolsState()

  init(devtools: Devtools) {
    self.devtools = devtools
    state.presentation = .fullScreen
  }

  var inboxes: [any MessageSource] { [devtools.messages] }

  func render(into frame: inout Frame) {
    DevtoolsView(devtools).render(in: frame.bounds, into: &frame, state: &state)
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    state.handle(event, devtools: devtools, context: context) == .ignored
      ? .ignored : .handled(running: state.commands)
  }
}
