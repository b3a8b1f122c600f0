import Foundation
import TetherCore
import TetherJSON
import TetherTerminal

/// Everything the devtools keep between frames — which page shows (the stores, a store's
/// detail, the network log), panel or full screen, each page's state, an open question or the
/// faults dialog, simulated states to restore, and a toast — and where their events go.
///
/// Keep one in the app next to its ``Devtools``; draw it with ``DevtoolsView`` and give it
/// events with ``handle(_:devtools:context:)``. While ``isModal`` is true (a question or the
/// faults dialog is open), give it every event first.
public struct DevtoolsState {
  /// How the app shows the devtools: in a panel, or over the whole screen.
  public enum Presentation: Hashable, Sendable {
    case panel, fullScreen
  }

  /// What the devtools show.
  public enum Page: Hashable, Sendable {
    case stores, detail, network, events
  }

  /// What an event did.
  public enum Outcome: Hashable, Sendable {
    case handled
    /// Not a devtools event: the app may use it.
    case ignored
    /// Esc on the first page: the app closes the devtools or moves focus away.
    case close
    /// A store was reset or removed, at once or once confirmed, or the network log was
    /// cleared (with an empty path): the app may follow — a screen whose store was removed
    /// makes it again and fetches, a reset feed loads again up to where the user was, a
    /// sparkline of the requests is cleared too. Otherwise the same as `.handled`.
    case performed(DevtoolsAction, OperationPath)
  }

  public var presentation = Presentation.panel
  public internal(set) var page = Page.stores
  /// Pages to go back to with Esc.
  private var history: [Page] = []
  /// Every store, kept in step with the client.
  public let catalog = StoreCatalog()
  public var browser = StoreBrowserState()
  public var detail: StoreDetailState?
  public var network = NetworkLogState()
  public var events = EventLogState()
  public var keys = DevtoolsKeys()
  /// The colours the devtools draw in; the app sets the terminal's colour count
  /// (`DevtoolsTheme(.light, colors: screen.colorCount)`), the config file and the palette
  /// the theme.
  public var theme = DevtoolsTheme()
  /// Puts text on the terminal's clipboard (`{ screen.copyToClipboard($0) }`); nil copies to
  /// files only.
  public var clipboard: ((String) -> Bool)?
  /// Where "copy as JSON" saves values: a folder of this user's alone, checked before each
  /// save (see ``ExportFolder``); `$XDG_STATE_HOME/tether/exports` by default.
  public var exportFolder = ExportFolder.standard(environment: ProcessInfo.processInfo.environment)
  /// Stores the app holds for as long as it runs, with why they stay: removing one would
  /// leave a screen on a store the client no longer knows (a ghost), so the devtools refuse
  /// and say why (`[feedPath: "the feed lives as long as the app: z resets it"]`).
  public var keptStores: [OperationPath: String] = [:]
  /// The work the last event asked for (a refetch, a retry, a file saved): the app starts it
  /// by returning it in its `EventResult` — `.handled(running: inspector.commands)` — and its
  /// messages come back through ``handle(_:devtools:context:)``. No devtools handler starts a
  /// task.
  public internal(set) var commands: [Command] = []
  /// The questions, the palette, the value editor and the faults dialog open over the pages,
  /// bottom first: the topmost gets the events, `Esc` it does not want closes it.
  var dialogs = LayerStack<DevtoolsDialog>()
  /// Values before an edit, for `u`.
  var edits: [StoreKey: JSONValue] = [:]
  var lastEditError: String?
  /// The reset or removal the event being handled did.
  var performed: (action: DevtoolsAction, path: OperationPath)?
  var simulations: [StoreKey: SimulatedState] = [:]
  var toast = ToastState()

  /// A devtools state with nothing selected, no filter and no dialog open.
  public init() {}

  /// Whether a question, the palette, the value editor or the faults dialog is open: every
  /// key, paste and click should come here first (the app keeps a modal layer of its own
  /// while it is true, and gives that layer's events to ``handle(_:devtools:context:)``).
  public var isModal: Bool { dialogs.isModal }

  /// Whether keys go to a text field (a filter, a search): the app must not take them.
  public var isEditingText: Bool {
    if !dialogs.isEmpty { return true }
    switch page {
    case .stores: return browser.filter.isEditing
    case .detail: return detail?.isEditingText ?? false
    case .network: return network.filter.isEditing
    case .events: return events.filter.isEditing
    }
  }

  // MARK: Navigation

  /// Shows the stores.
  public mutating func showStores() {
    go(to: .stores)
  }

  /// Shows the network log.
  public mutating func showNetworkLog() {
    go(to: .network)
  }

  /// Shows the event log: every client event in order.
  public mutating func showEventLog() {
    go(to: .events)
  }

  /// Shows the detail of the store at `path`.
  public mutating func showDetail(
    of path: OperationPath, mutation: Bool = false, tab: StoreDetailState.Tab = .state
  ) {
    if detail?.path != path || detail?.isMutation != mutation {
      detail = StoreDetailState(path: path, isMutation: mutation, tab: tab)
    } else {
      detail?.tab = tab
    }
    browser.select(path, mutation: mutation)
    go(to: .detail)
  }

  /// Opens the faults dialog on `devtools`' fault target (nothing without one).
  public mutating func openFaults(_ devtools: Devtools, now: Date) {
    guard let target = devtools.faults else {
      toast.show("No fault injector: give Devtools a fault target", kind: .error, now: now)
      return
    }
    if case .faults = dialogs.top { return }
    dialogs.push(.faults(FaultsDialogState(target: target)))
  }

  private mutating func go(to page: Page) {
    guard page != self.page else { return }
    history.removeAll { $0 == page }
    history.append(self.page)
    self.page = page
  }

  /// Esc: the previous page, the panel after full screen, then `.close`.
  mutating func back() -> Outcome {
    if let previous = history.popLast() {
      page = previous
      return .handled
    }
    if presentation == .fullScreen {
      presentation = .panel
      return .handled
    }
    return .close
  }

  // MARK: Events

  /// Handles one event: modals first, then the page's own keys, then the devtools keymaps.
  public mutating func handle(_ event: Event, devtools: Devtools, context: EventContext)
    -> Outcome
  {
    performed = nil
    commands = []
    let outcome = dispatch(event, devtools: devtools, context: context)
    guard let performed else { return outcome }
    self.performed = nil
    return .performed(performed.action, performed.path)
  }

  private mutating func dispatch(_ event: Event, devtools: Devtools, context: EventContext)
    -> Outcome
  {
    catalog.synchronize(with: devtools)
    if let message = event.message(as: DevtoolsMessage.self) {
      if case .notice(let text, let kind) = message {
        toast.show(text, kind: kind, now: context.now, duration: .seconds(kind == .error ? 6 : 4))
      }
      return .handled
    }
    if case .message = event { return .ignored }
    switch dialogs.route(event) {
    case .layer(let index):
      handle(event, inDialogAt: index, devtools: devtools, now: context.now)
      return .handled
    case .closed: return .handled
    // Not for the dialog (a click, Ctrl-C): the app may use it — an ignored Ctrl-C quits.
    case .blocked: return .ignored
    case .panels: break
    }
    switch page {
    case .stores: return handleStores(event, devtools: devtools, now: context.now)
    case .detail: return handleDetail(event, devtools: devtools, now: context.now)
    case .network: return handleNetwork(event, devtools: devtools, now: context.now)
    case .events: return handleEvents(event, devtools: devtools, now: context.now)
    }
  }

  private mutating func handleStores(_ event: Event, devtools: Devtools, now: Date) -> Outcome {
    if !browser.filter.isEditing,
      let action = keys.reboundAction(for: event, in: \.stores)
    {
      return perform(
        action, on: browser.selection?.storeKey.map(StoreKey.init), devtools: devtools, now: now)
    }
    switch browser.handle(event) {
    case .handled: return .handled
    case .toggleFullScreen:
      return perform(.toggleFullScreen, on: nil, devtools: devtools, now: now)
    case .open(let id):
      open(id)
      return .handled
    case .ignored:
      break
    }
    guard let action = keys.stores.action(for: event) else { return .ignored }
    return perform(
      action, on: browser.selection?.storeKey.map(StoreKey.init), devtools: devtools, now: now)
  }

  private mutating func handleDetail(_ event: Event, devtools: Devtools, now: Date) -> Outcome {
    guard var detail else {
      page = .stores
      return .handled
    }
    let key = StoreKey(path: detail.path, isMutation: detail.isMutation)
    let record = catalog.record(at: key.path, mutation: key.isMutation)
    let rebound =
      detail.isEditingText
      ? nil
      : keys.reboundAction(for: event, in: \.detail) ?? keys.reboundAction(for: event, in: \.stores)
    if rebound == nil, detail.handle(event, record: record) {
      self.detail = detail
      return .handled
    }
    guard
      let action = rebound ?? keys.detail.action(for: event) ?? keys.stores.action(for: event)
    else {
      return .ignored
    }
    switch action {
    case .nextTab: detail.switchTab(by: 1)
    case .previousTab: detail.switchTab(by: -1)
    case .fitRun: detail.fitsRun.toggle()
    case .editValue:
      self.detail = detail
      editSelectedValue(devtools: devtools, now: now)
      return .handled
    case .copyValue, .copyWholeValue:
      self.detail = detail
      copy(whole: action == .copyWholeValue, devtools: devtools, now: now)
      return .handled
    case .open: return .ignored
    default:
      self.detail = detail
      return perform(action, on: key, devtools: devtools, now: now)
    }
    self.detail = detail
    return .handled
  }

  private mutating func handleNetwork(_ event: Event, devtools: Devtools, now: Date) -> Outcome {
    if !network.filter.isEditing, keys.network.action(for: event) == .copyCurl {
      copyCurl(devtools: devtools, now: now)
      return .handled
    }
    let rebound = network.filter.isEditing ? nil : keys.reboundAction(for: event, in: \.network)
    if rebound == nil, network.handle(event) { return .handled }
    guard let action = rebound ?? keys.network.action(for: event) else { return .ignored }
    guard action == .clearNetwork else {
      return performWithoutStore(action, devtools: devtools, now: now) ?? .ignored
    }
    devtools.network?.removeAll()
    // The app may clear what it draws from the same requests (a sparkline).
    return .performed(.clearNetwork, [])
  }

  private mutating func handleEvents(_ event: Event, devtools: Devtools, now: Date) -> Outcome {
    let rebound = events.filter.isEditing ? nil : keys.reboundAction(for: event, in: \.events)
    if rebound == nil, events.handle(event) { return .handled }
    if rebound == nil, case .key(.enter) = event {
      openSelectedEvent(devtools, now: now)
      return .handled
    }
    guard let action = rebound ?? keys.events.action(for: event) else { return .ignored }
    switch action {
    case .clearEvents:
      devtools.events.removeAll()
      toast.show("Event log cleared", now: now)
      return .handled
    default:
      return perform(action, on: nil, devtools: devtools, now: now)
    }
  }

  /// Enter in the event log: the event's store, its timeline at that moment.
  private mutating func openSelectedEvent(_ devtools: Devtools, now: Date) {
    guard let sequence = events.selection.id, let record = devtools.events.record(sequence) else {
      return
    }
    guard catalog.record(at: record.path, mutation: record.isMutation) != nil else {
      toast.show(
        "\(record.path.label) is no longer in the client: removed or collected", kind: .error,
        now: now)
      return
    }
    showDetail(of: record.path, mutation: record.isMutation, tab: .timeline)
    if let entry = record.entry {
      detail?.timelineTarget = (entry.run, entry.attempt, entry.date)
    }
  }

  private mutating func open(_ id: StoreNodeID) {
    switch id {
    case .store(let mutations, let path):
      showDetail(of: path, mutation: mutations, tab: detail?.path == path ? detail!.tab : .state)
    case .attempt(let path, let run):
      showDetail(of: path, mutation: true, tab: .attempts)
      if let record = catalog.record(at: path, mutation: true),
        let index = Array(record.attempts.reversed()).firstIndex(where: { $0.id == run })
      {
        detail?.attempts.select(index, count: record.attempts.count)
      }
    case .section, .group:
      break
    }
  }

  // MARK: Hints

  /// The keys that matter now, for the app's footer.
  public var hints: [KeyHint] {
    if let dialog = dialogs.top { return dialog.hints }
    if isEditingText {
      return [
        KeyHint(keys: "Enter", label: "keep", importance: .high),
        KeyHint(keys: "Esc", label: "clear", importance: .essential),
      ]
    }
    switch page {
    case .stores:
      return restoreOffered(
        presented(keys.stores), at: browser.selection?.storeKey.map(StoreKey.init))
    case .detail:
      let key = detail.map { StoreKey(path: $0.path, isMutation: $0.isMutation) }
      return keys.detail.hints
        + restoreOffered(presented(keys.stores).filter { $0.label != "open" }, at: key)
    case .events:
      return events.filter.isEditing
        ? [
          KeyHint(keys: "Enter", label: "keep filter", importance: .high),
          KeyHint(keys: "Esc", label: "clear", importance: .high),
        ] : presented(keys.events)
    case .network:
      return network.openID != nil
        ? [
          KeyHint(keys: "j/k", label: "scroll"),
          KeyHint(
            keys: keys.network.keyLabel(for: .copyCurl) ?? "c", label: "copy as curl",
            importance: .high),
          KeyHint(keys: "Esc", label: "back", importance: .high),
        ]
        : presented(keys.network)
    }
  }

  /// `hints` with the restore key offered first when the store at `key` shows a simulated
  /// state, and left out otherwise.
  private func restoreOffered(_ hints: [KeyHint], at key: StoreKey?) -> [KeyHint] {
    guard let restoreKeys = keys.stores.keyLabel(for: .restore) else { return hints }
    let isSimulated =
      key.flatMap { catalog.record(at: $0.path, mutation: $0.isMutation) }?.snapshot.simulation
      != nil
    var others = hints.filter { $0.keys != restoreKeys }
    guard isSimulated, var restore = hints.first(where: { $0.keys == restoreKeys }) else {
      return others
    }
    restore.importance = .essential
    others.insert(restore, at: 0)
    return others
  }

  /// `keymap`'s hints, the full-screen key's saying where it goes from here: over the whole
  /// screen it goes back to the panel.
  private func presented(_ keymap: Keymap<DevtoolsAction>) -> [KeyHint] {
    let hints = keymap.hints
    guard presentation == .fullScreen, let keys = keymap.keyLabel(for: .toggleFullScreen) else {
      return hints
    }
    return hints.map { hint in
      var hint = hint
      if hint.keys == keys { hint.label = "panel" }
      return hint
    }
  }

  /// Every devtools key, for the app's help overlay.
  public var helpSections: [HelpSection] { keys.help }
}

extension StoreKey {
  init(_ key: (path: OperationPath, isMutation: Bool)) {
    self.init(path: key.path, isMutation: key.isMutation)
  }
}
