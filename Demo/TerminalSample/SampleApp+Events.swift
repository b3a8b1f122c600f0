import Dispatch
import Foundation
import TetherCore
import TetherDevtools
import TetherHTTP
import TetherTerminal

/// Events: keys, pastes and clicks go to the topmost layer that wants them, then to the
/// focused panel (the note, the devtools), then to the keymap. Work goes out as commands.
extension SampleApp {
  func start(context: EventContext) -> [Command] {
    followSelection()
    return []
  }

  func handle(_ event: Event, context: EventContext) -> EventResult {
    // The devtools open and close their dialogs themselves: their layer follows after any event.
    defer { followDevtoolsDialogs() }
    switch event {
    case .resize: return .handled
    case .focus(let gained):
      focused = gained
      return .handled
    case .message(let posted):
      if posted.value is DevtoolsMessage { return handleInDevtools(event, context: context) }
      guard let message = posted.value as? Message else { return .ignored }
      receive(message, now: context.now)
      return .handled
    case .key, .paste, .mouse:
      break
    }
    if case .mouse(let mouse) = event {
      lastMouse = "\(mouse.kind) \(mouse.position.x),\(mouse.position.y)"
    }
    switch layers.route(event) {
    case .layer(let index): return handle(event, inLayerAt: index, context: context)
    case .closed: return .handled
    case .blocked: return .ignored
    case .panels: break
    }
    switch event {
    case .mouse(let mouse): return handle(mouse, context: context)
    case .paste(let text):
      if focus == .devtools { return handleInDevtools(event, context: context) }
      guard focus == .note else { return .ignored }
      _ = note.handle(.paste(text))
      return .handled
    case .key(let key):
      if let crashKey, key == Key(.character(crashKey)) { fatalError("crash requested") }
      if let hangKey, key == Key(.character(hangKey)) { hang() }
      lastKey = key.description
      return handle(key, context: context)
    default:
      return .ignored
    }
  }

  /// What a watched store or a command said.
  func receive(_ message: Message, now: Date) {
    switch message {
    case .storeChanged: followSelection()
    case .workFinished(let number):
      toast.show("Work \(number) finished", now: now, duration: .seconds(2))
    case .failed(let reason):
      toast.show(reason, kind: .error, now: now, duration: .seconds(4))
    }
  }

  func handle(_ event: Event, inLayerAt index: Int, context: EventContext) -> EventResult {
    switch (layers[index], event) {
    case (.help(var help), _):
      switch help.handle(event) {
      case .close: layers.remove(at: index)
      case .handled: layers[index] = .help(help)
      case .ignored: return .ignored
      }
    case (.confirmReset(var confirm), .key(let key)):
      switch confirm.handle(key) {
      case .confirmed:
        layers.remove(at: index)
        return .handled(running: resetList())
      case .cancelled: layers.remove(at: index)
      case nil: layers[index] = .confirmReset(confirm)
      }
    case (.devtoolsDialog, _):
      return handleInDevtools(event, context: context)
    default:
      return .ignored
    }
    return .handled
  }

  func handle(_ mouse: MouseEvent, context: EventContext) -> EventResult {
    let panel = hits.target(at: mouse.position)
    if panel == .devtools { return handleInDevtools(.mouse(mouse), context: context) }
    if list.handle(mouse, count: items.count) {
      if mouse.isPrimaryPress { focus = .list }
      followSelection()
      return .handled
    }
    if mouse.isPrimaryPress, panel == .note { focus = .note }
    return .handled
  }

  func handle(_ key: Key, context: EventContext) -> EventResult {
    if focus == .note && key != .tab && key != .ctrl("c") {
      if key == .escape { focus = .list }
      _ = note.handle(.key(key))
      return .handled
    }
    if focus == .devtools {
      let result = handleInDevtools(.key(key), context: context)
      if result != .ignored || inspector.isEditingText { return result }
    }
    if list.handle(key, count: items.count) {
      followSelection()
      return .handled
    }
    let now = context.now
    switch keymap.action(for: key) {
    case .toggleFocus: focus = focus == .list ? .note : .list
    case .toast: toast.show("Hello from a toast", now: now, duration: .seconds(2))
    case .spinner: spinnerStart = spinnerStart == nil ? now : nil
    case .work:
      workStarted += 1
      let number = workStarted
      return .handled(running: Command("work \(number)") { Message.workFinished(number) })
    case .refetch: return .handled(running: refetchList())
    case .reset: layers.push(.confirmReset(ConfirmState()))
    case .devtools: toggleDevtools()
    case .help: layers.push(.help(HelpState()))
    case .quit: return .quit
    case nil: return .ignored
    }
    return .handled
  }

  /// `r`: the list again. A failure is told apart by its type: a cancelled run (a reset
  /// meanwhile) says nothing, a failed one says why.
  func refetchList() -> Command {
    let items = model.items
    return Command("refetch the list") { () async -> Message? in
      do throws(OperationError<HTTPError>) {
        try await items.refetch()
        return nil
      } catch let error where error.isCancellation {
        return nil
      } catch {
        return .failed("Refetch failed: \(error.failure.map { "\($0)" } ?? "?")")
      }
    }
  }

  /// The reset the question asked about: the list empties, and its watch fetches it again.
  func resetList() -> Command {
    let items = model.items
    return Command("reset the list") { () async -> Message? in
      items.reset()
      return nil
    }
  }

  /// `d`: shows the devtools in the right column and focuses them, or hides them.
  func toggleDevtools() {
    showsDevtools.toggle()
    model.devtools.isActive = showsDevtools
    focus = showsDevtools ? .devtools : .list
    if !showsDevtools { inspector.presentation = .panel }
  }

  /// Gives `event` to the devtools; Esc on their first page gives focus back to the list.
  func handleInDevtools(_ event: Event, context: EventContext) -> EventResult {
    switch inspector.handle(event, devtools: model.devtools, context: context) {
    case .handled, .performed: return .handled(running: inspector.commands)
    case .ignored: return .ignored
    case .close:
      toggleDevtools()
      return .handled
    }
  }

  /// Keeps a layer for the devtools' dialogs while they show one.
  func followDevtoolsDialogs() {
    let index = layers.lastIndex {
      if case .devtoolsDialog = $0 { return true }
      return false
    }
    if inspector.isModal, index == nil { layers.push(.devtoolsDialog) }
    if !inspector.isModal, let index { layers.remove(at: index) }
  }

  /// Watches the store of the item under the list's selection (watching fetches it), and no
  /// longer the previous one's.
  func followSelection() {
    let items = items
    guard items.indices.contains(list.selection) else { return }
    let id = items[list.selection].id
    guard selected?.id != id else { return }
    let store = model.item(id)
    let messages = messages
    selected = (id, store)
    selectedWatch = store.subscribe { _ in messages.post(.storeChanged) }
  }

  /// A call that never returns, on the loop's thread: only the signal thread can end the app.
  private func hang() -> Never {
    if let hangMarker {
      _ = FileManager.default.createFile(atPath: hangMarker, contents: Data("hung\n".utf8))
    }
    DispatchSemaphore(value: 0).wait()
    fatalError("unreachable")
  }
}
