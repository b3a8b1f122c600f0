import EndToEndSupport
import Foundation
import Testing
import TetherCore
import TetherDevtools
import TetherDevtoolsHTTP
import TetherHTTP
import TetherSynchronization
import TetherTerminal

/// An app that embeds the devtools the way the README shows: the devtools in the screen's
/// body (or a panel of it), their hints in the footer.
final class InspectorApp: TerminalApp {
  let devtools: Devtools
  var inspector = DevtoolsState()
  var marks: [OperationPath: String] = [:]
  /// Where the panel goes when not full screen; nil draws the devtools over the whole body.
  var panel: Rect?
  var closeCount = 0
  /// The resets and removals the devtools reported.
  var performed: [(action: DevtoolsAction, path: OperationPath)] = []
  var clipboardTexts: [String] = []

  init(devtools: Devtools) {
    self.devtools = devtools
    inspector.clipboard = { [unowned self] text in
      clipboardTexts.append(text)
      return true
    }
  }

  var inboxes: [any MessageSource] { [devtools.messages] }

  func render(into frame: inout Frame) {
    let rows = frame.bounds.rows([.fill, .fixed(1)])
    let area =
      inspector.presentation == .fullScreen ? rows[0] : (panel?.intersection(rows[0]) ?? rows[0])
    DevtoolsView(devtools, marks: marks).render(in: area, into: &frame, state: &inspector)
    KeyHintBar(inspector.hints).render(in: rows[1], into: &frame)
    DevtoolsDialogs(devtools).render(in: frame.bounds, into: &frame, state: &inspector)
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    if case .resize = event { return .handled }
    switch inspector.handle(event, devtools: devtools, context: context) {
    case .handled: return .handled(running: inspector.commands)
    case .performed(let action, let path):
      performed.append((action, path))
      return .handled(running: inspector.commands)
    case .close:
      closeCount += 1
      return .handled
    case .ignored:
      return event == .key("q") ? .quit : .ignored
    }
  }
}

/// The devtools of a client on a virtual screen, on one test clock for operations, requests
/// and the screen; an API client whose requests go through a mock transport, a client-side
/// fault injector and the network log.
final class DevtoolsHarness {
  let clock = TestClock()
  let online = ManualCondition(true)
  let client: OperationClient
  let transport: MockTransport
  let faults: ClientFaultInjector
  let network = NetworkLog()
  let api: APIClient
  let devtools: Devtools
  let app: InspectorApp
  let screen: VirtualScreen
  let input = ScriptedInput()
  let loop: EventLoop<InspectorApp>
  private let changes = ChangeSignal()

  init(
    size: Size = Size(width: 120, height: 30), retries: Int = 3,
    failures: [SimulatedFailure] = SimulatedFailure.http + [.unknown],
    runLogCapacity: Int = 64, exporter: (any SessionExporter)? = nil
  ) throws {
    var defaults = OperationDefaults()
    defaults.queryRetryLimit = retries
    defaults.runLogCapacity = runLogCapacity
    defaults.warningHandler = nil
    client = OperationClient(clock: clock, connectivity: online, defaults: defaults)
    transport = MockTransport(clock: clock)
    faults = ClientFaultInjector(clock: clock, seed: 7)
    api = APIClient(
      baseURL: URL(string: "http://api.test")!, transport: faults.wrapping(transport),
      observers: [NetworkLogObserver(network, clock: clock)], clock: clock)
    devtools = Devtools(
      client: client, network: network, faults: faults, storeFaults: faults, failures: failures,
      exporter: exporter)
    app = InspectorApp(devtools: devtools)
    // Exports go to a private folder made under /tmp at the first one, never the user's own
    // state folder (which a hundred runs of one test had filled up to its name limit).
    app.inspector.exportFolder = ExportFolder.standard(environment: [:])
    screen = VirtualScreen(size: size)
    loop = try EventLoop(app: app, screen: screen, input: input, clock: clock)
    let changes = changes
    devtools.messages.onPost { changes.fire() }
    loop.runUntilIdle()
  }

  var text: String { screen.text }

  func press(_ keys: Key...) {
    for key in keys { input.send(key) }
    loop.runUntilIdle()
  }

  func type(_ text: String) {
    input.type(text)
    loop.runUntilIdle()
  }

  func click(at point: Point) {
    input.send(.mouse(MouseEvent(.press(.left), at: point)))
    loop.runUntilIdle()
  }

  func advance(by duration: Duration) {
    clock.advance(by: duration)
    loop.runUntilIdle()
  }

  /// Waits until a sleeper is due within `duration`, then moves time by it; records an issue
  /// instead of hanging when none comes before a ``HangGuard`` runs out (a guard, not a
  /// measure: see `waitUntil`).
  func release(
    after duration: Duration, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let arrived = ChangeSignal()
    let clock = clock
    let due = clock.now().adding(duration)
    Task {
      await clock.waitForSleepers(dueBy: due)
      arrived.fire()
    }
    if !(await arrived.next(orGiveUpAfter: .seconds(60))) {
      Issue.record(
        "no sleeper due within \(duration); the screen:\n\(text)", sourceLocation: sourceLocation)
    }
    advance(by: duration)
  }

  func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) async {
    await waitUntil("“\(text)” on screen", sourceLocation: sourceLocation) {
      $0.screen.find(text) != nil
    }
  }

  /// Waits until `condition` holds, drawing whenever the devtools say something changed.
  func waitUntil(
    _ description: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (DevtoolsHarness) -> Bool
  ) async {
    // A guard against a hang, not a measure: a whole parallel run on two loaded cores left no
    // thread of the pool free for a minute and more.
    let hangGuard = HangGuard()
    while true {
      loop.runUntilIdle()
      if condition(self) { return }
      // A change of the client, a command's message or input: whichever comes first.
      _ = await loop.waitForWork(orGiveUpAfter: .milliseconds(50))
      guard !hangGuard.hasRunOut else {
        Issue.record(
          "gave up waiting for \(description); the screen:\n\(text)", sourceLocation: sourceLocation
        )
        return
      }
    }
  }

  /// The row of the screen that contains `text`.
  func line(containing text: String) -> String? {
    screen.lines.first { $0.contains(text) }
  }

  // MARK: Stores

  /// A query at `path` that always succeeds at once with `value`.
  @discardableResult
  func query<Value: Sendable>(_ path: OperationPath, value: Value, stale: Duration = .seconds(60))
    -> OperationStore<QueryState<Value, any Error>>
  {
    let store = client.store(for: Query<Value, any Error>(path) { _ in value }.stale(after: stale))
    return store
  }

  /// A query at `path` whose runs wait for `gate`.
  func query<Value: Sendable>(_ path: OperationPath, gate: Gate<Value>)
    -> OperationStore<QueryState<Value, any Error>>
  {
    client.store(for: Query<Value, any Error>(path) { _ in try await gate.run() })
  }

  /// An HTTP query of `GET /<route>` at `path`.
  func httpQuery(_ path: OperationPath, route: String) -> OperationStore<
    QueryState<Item, HTTPError>
  > {
    client.store(for: api.query(Endpoint<Item>(.get, .path(route)), path: path))
  }

  /// Registers `GET /<route>` answering `item`.
  func serve(_ route: String, _ item: Item = Item(id: 1, name: "one")) {
    transport.respond(to: .get, route, with: try! .json(item))
  }
}

/// A small value for HTTP tests.
struct Item: Codable, Sendable, Hashable {
  var id: Int
  var name: String
}

extension DevtoolsHarness {
  /// Writes the screen to /tmp/devtools-<name>.txt, for looking at while writing a test.
  func dump(_ name: String) {
    try? text.write(toFile: "/tmp/devtools-\(name).txt", atomically: true, encoding: .utf8)
  }
}
