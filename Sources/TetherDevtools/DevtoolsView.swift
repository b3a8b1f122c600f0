import TetherCore
import TetherTerminal

/// Draws the devtools in a rectangle — the store view, a store's detail or the network log,
/// in a titled border. Their questions and the faults dialog are ``DevtoolsDialogs``, drawn
/// last, over the whole frame.
///
/// ```swift
/// let area = inspector.presentation == .fullScreen ? body : panel
/// DevtoolsView(devtools, marks: [feedPath: "feed", postPath: "post"], isFocused: focus == .devtools)
///   .render(in: area, into: &frame, state: &inspector)
/// DevtoolsDialogs(devtools).render(in: frame.bounds, into: &frame, state: &inspector)
/// ```
///
/// Drawing reads the client's stores (only those that changed since the last frame) and the
/// network log; it never starts work.
public struct DevtoolsView: StatefulWidget {
  public var devtools: Devtools
  /// Stores to mark in the store view, with their marks: those behind what the app shows.
  public var marks: [OperationPath: String]
  public var isFocused: Bool

  /// The app's marks, after the failures still queued for a store by `!`, which come first so
  /// that a narrow panel keeps them (`2 queued · post`).
  var rowMarks: [OperationPath: String] {
    guard let queued = devtools.storeFaults?.storeFailures, !queued.isEmpty else { return marks }
    var marks = marks
    for (path, count) in queued where count > 0 {
      marks[path] = "\(count) queued" + (marks[path].map { " · " + $0 } ?? "")
    }
    return marks
  }

  /// The view of `devtools`; `marks` label stores by path, and `isFocused` draws it as having
  /// focus.
  public init(_ devtools: Devtools, marks: [OperationPath: String] = [:], isFocused: Bool = true) {
    self.devtools = devtools
    self.marks = marks
    self.isFocused = isFocused
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout DevtoolsState) {
    state.catalog.synchronize(with: devtools)
    let focused = isFocused && !state.isModal
    let theme = state.theme
    let borderStyle = focused ? theme.focusedBorder : theme.secondary
    let pageTitle: String
    switch state.page {
    case .stores:
      let total = state.catalog.records.count
      pageTitle = "Stores · \(total)" + (state.presentation == .panel ? " · S full screen" : "")
    case .detail:
      let path = state.detail?.path.label ?? ""
      pageTitle = (state.detail?.isMutation == true ? "Mutation " : "Store ") + path
    case .events:
      state.events.update(devtools.events)
      let total = state.events.window.count
      let events = "\(total) event\(total == 1 ? "" : "s")"
      pageTitle =
        "Events · " + (state.events.matches != nil ? "\(state.events.count) of \(events)" : events)
    case .network:
      let count = devtools.network?.records.count ?? 0
      let requests = "\(count) request\(count == 1 ? "" : "s")"
      if let log = devtools.network, state.network.isFiltered {
        // What the filters show, of all the log keeps.
        state.network.update(log)
        pageTitle = "Network · \(state.network.shown.count) of \(requests)"
      } else {
        pageTitle = "Network · \(requests)"
      }
    }
    let title = state.offlineStatus(devtools).map { pageTitle + " · " + $0 } ?? pageTitle
    let titleStyle: Style =
      state.page == .stores && state.browser.isTitleFocused && focused
      ? .reverse.adding(.bold) : borderStyle.adding(.bold)
    let border = Border(title: title, style: borderStyle, titleStyle: titleStyle)
    border.render(in: rect, into: &frame)
    let inner = border.inner(of: rect)
    switch state.page {
    case .stores:
      var browser = StoreBrowser(catalog: state.catalog, marks: rowMarks, isFocused: focused)
      browser.theme = theme
      browser.render(in: inner, into: &frame, state: &state.browser)
      let titleWidth = min(DisplayWidth.of(title) + 2, max(0, rect.width - 4))
      state.browser.headerHits.add(
        .title, Rect(x: rect.minX + 1, y: rect.minY, width: titleWidth, height: 1))
    case .detail:
      renderDetail(in: inner, into: &frame, state: &state, isFocused: focused)
    case .events:
      var view = EventLogView(devtools.events, isFocused: focused)
      view.theme = theme
      view.render(in: inner, into: &frame, state: &state.events)
    case .network:
      if let log = devtools.network {
        var view = NetworkLogView(log, isFocused: focused)
        view.theme = theme
        view.render(in: inner, into: &frame, state: &state.network)
      } else {
        Paragraph("No network log: give Devtools a NetworkLog.", style: theme.secondary)
          .render(in: inner, into: &frame)
      }
    }
    Toast().render(in: inner, into: &frame, state: &state.toast)
  }

  private func renderDetail(
    in rect: Rect, into frame: inout Frame, state: inout DevtoolsState, isFocused: Bool
  ) {
    guard var detail = state.detail else { return }
    let record = state.catalog.record(at: detail.path, mutation: detail.isMutation)
    let key = StoreKey(path: detail.path, isMutation: detail.isMutation)
    let log = record.map { state.catalog.runLog(of: ObjectIdentifier($0.store)) } ?? []
    let network =
      detail.tab == .timeline
      ? (devtools.network?.records.filter { $0.origin?.path == detail.path } ?? []) : []
    var view = StoreDetail(
      record: record, runLog: log, network: network, simulation: state.simulations[key],
      hasUnsavedChange: record.map(state.hasUnsavedChange) ?? false, isFocused: isFocused)
    view.theme = state.theme
    view.render(in: rect, into: &frame, state: &detail)
    state.detail = detail
  }
}

/// The devtools' dialogs — a question before an action, the palette, the value editor, the
/// faults dialog — drawn over `rect` (the whole frame), on top of everything else, bottom
/// first; nothing while none is open. Apps draw
/// it last, whether the devtools are on screen or not (`F` opens the faults dialog anywhere).
public struct DevtoolsDialogs: StatefulWidget {
  public var devtools: Devtools

  /// The dialogs of `devtools` (a question, the faults dialog), drawn over the whole screen.
  public init(_ devtools: Devtools) {
    self.devtools = devtools
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout DevtoolsState) {
    for index in state.dialogs.layers.indices {
      switch state.dialogs[index] {
      case .palette(var palette):
        PaletteView().render(in: rect, into: &frame, state: &palette)
        state.dialogs[index] = .palette(palette)
      case .valueEditor(var editor):
        ValueEditor(path: editor.key.path.label, theme: state.theme).render(
          in: rect, into: &frame, state: &editor)
        state.dialogs[index] = .valueEditor(editor)
      case .prompt(let prompt):
        prompt.render(in: rect, into: &frame)
      case .faults(var faults):
        guard let target = devtools.faults else { continue }
        var dialog = FaultsDialog(
          side: target.side, storeFailures: devtools.storeFaults?.statusText)
        dialog.theme = state.theme
        dialog.render(in: rect, into: &frame, state: &faults)
        state.dialogs[index] = .faults(faults)
      }
    }
  }
}
