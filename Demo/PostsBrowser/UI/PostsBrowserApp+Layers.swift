import Foundation
import TetherCore
import TetherDevtools
import TetherTerminal

/// The layers over the panels: events go to the topmost that wants them (see
/// ``BrowserLayer``), and each is drawn over those below it.
extension PostsBrowserApp {
  /// The editor, while it is open; setting it opens (on top), changes or closes it.
  var editor: PostEditor? {
    get { layers.top(\.editor) }
    set { layers.replace(\.editor, with: newValue.map(BrowserLayer.editor)) }
  }

  /// The comment being written, while its dialog is open.
  var commentEditor: CommentEditor? {
    get { layers.top(\.commentEditor) }
    set { layers.replace(\.commentEditor, with: newValue.map(BrowserLayer.commentEditor)) }
  }

  /// The deletion waiting for confirmation, while its question is open.
  var deletion: BrowserLayer.PendingDeletion? {
    get { layers.top(\.deletion) }
    set { layers.replace(\.deletion, with: newValue.map(BrowserLayer.deletion)) }
  }

  /// The help overlay, while it is open.
  var help: HelpState? {
    get { layers.top(\.help) }
    set { layers.replace(\.help, with: newValue.map(BrowserLayer.help)) }
  }

  /// Whether a layer keeps keys from the panels (which then do not look focused).
  var isModal: Bool { layers.isModal }

  /// Keeps a layer for the devtools' dialogs while the devtools show one: they open and close
  /// them in their own state, on their own keys.
  func followDevtoolsDialogs() {
    let index = layers.lastIndex(where: \.isDevtoolsDialog)
    if inspector.isModal, index == nil { layers.push(.devtoolsDialog) }
    if !inspector.isModal, let index { layers.remove(at: index) }
  }

  /// Gives `event` to the layer at `index`.
  func handle(_ event: Event, inLayerAt index: Int, context: EventContext) -> EventResult {
    switch layers[index] {
    case .help(var help):
      switch help.handle(event) {
      case .close: layers.remove(at: index)
      case .handled: layers[index] = .help(help)
      case .ignored: return .ignored  // an ignored Ctrl-C quits
      }
      return .handled
    case .deletion(var deletion):
      let answer: ConfirmState.Outcome?
      switch event {
      case .key(let key): answer = deletion.prompt.handle(key)
      case .mouse(let mouse):
        guard mouse.isPrimaryPress else { return .ignored }
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        switch deletionPrompt(deletion).button(at: mouse.position, in: bounds) {
        case 0: answer = .confirmed
        case 1: answer = .cancelled
        default: return .ignored
        }
      default: return .ignored
      }
      switch answer {
      case .confirmed:
        layers.remove(at: index)
        if let postID = deletion.commentOf {
          return .handled(running: deleteComment(deletion.id, ofPost: postID))
        }
        let command = delete(deletion.id)
        followSelection()
        return .handled(running: command)
      case .cancelled: layers.remove(at: index)
      case nil: layers[index] = .deletion(deletion)
      }
      return .handled
    case .editor(var editor):
      var outcome: PostEditor.Outcome
      switch event {
      case .mouse(let mouse):
        guard mouse.isPrimaryPress else { return .ignored }
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        outcome = editor.click(at: mouse.position, in: bounds)
        if outcome == .ignored { outcome = .handled }  // a click in the dialog is its own
      default: outcome = editor.handle(event)
      }
      switch outcome {
      case .submit(let draft):
        editor.submitted(at: context.now)
        let command = save(draft, mode: editor.mode, original: editor.original)
        // Edits are optimistic: the change shows at once, so the dialog closes at once (and
        // comes back with the text if the server refuses).
        if case .edit = editor.mode {
          layers.remove(at: index)
        } else {
          layers[index] = .editor(editor)
        }
        return .handled(running: command)
      case .close: layers.remove(at: index)
      case .quit: return .quit
      // An unhandled Ctrl-C would quit: the editor asks first, so it never gets here.
      case .ignored: return .ignored
      case .handled: layers[index] = .editor(editor)
      }
      return .handled
    case .commentEditor(var editor):
      switch editor.handle(event) {
      case .submit(let text):
        // Optimistic: the comment shows at once, so the dialog closes at once (and comes back
        // with the text if the server refuses).
        layers.remove(at: index)
        return .handled(running: addComment(text, toPost: editor.postID))
      case .close: layers.remove(at: index)
      case .ignored:
        // Ctrl-C quits; any other key stays with the dialog.
        if case .key(let key) = event, key == .ctrl("c") { return .ignored }
      case .handled: layers[index] = .commentEditor(editor)
      }
      return .handled
    case .devtoolsDialog:
      return handleInDevtools(event, context: context)
    }
  }

  /// Draws the layers over the panels, bottom first.
  func drawLayers(into frame: inout Frame) {
    for index in layers.layers.indices {
      switch layers[index] {
      case .editor(var editor):
        editor.render(in: frame.bounds, into: &frame)
        layers[index] = .editor(editor)
      case .commentEditor(var editor):
        editor.render(in: frame.bounds, into: &frame)
        layers[index] = .commentEditor(editor)
      case .deletion(var deletion):
        deletionPrompt(deletion).render(in: frame.bounds, into: &frame, state: &deletion.prompt)
        layers[index] = .deletion(deletion)
      case .devtoolsDialog:
        DevtoolsDialogs(devtools).render(in: frame.bounds, into: &frame, state: &inspector)
      case .help(var help):
        // Above the status bar, which it would otherwise cut into, leaving pieces of it.
        let status = BrowserLayout(bounds: frame.bounds, devtools: devtoolsPlace).status
        let area = Rect(x: 0, y: 0, width: frame.bounds.width, height: status.minY)
        HelpOverlay(helpSections).render(in: area, into: &frame, state: &help)
        layers[index] = .help(help)
      }
    }
  }

  func deletionPrompt(_ deletion: BrowserLayer.PendingDeletion) -> ConfirmPrompt {
    if deletion.commentOf != nil {
      return ConfirmPrompt(
        title: "Delete your comment", message: "Delete “\(deletion.title)”?",
        confirmTitle: "Delete", cancelTitle: "Keep")
    }
    return ConfirmPrompt(
      title: "Delete post #\(deletion.id)", message: "Delete “\(deletion.title)”?",
      confirmTitle: "Delete", cancelTitle: "Keep")
  }
}

extension LayerStack<BrowserLayer> {
  /// What `part` reads from the topmost layer that has it.
  fileprivate func top<Part>(_ part: (BrowserLayer) -> Part?) -> Part? {
    layers.reversed().lazy.compactMap(part).first
  }

  /// Replaces the topmost layer that `part` reads something from with `layer`, removes it
  /// when `layer` is nil, or pushes `layer` when there is none.
  fileprivate mutating func replace(
    _ part: (BrowserLayer) -> (some Any)?, with layer: BrowserLayer?
  ) {
    if let index = lastIndex(where: { part($0) != nil }) {
      if let layer { self[index] = layer } else { remove(at: index) }
    } else if let layer {
      push(layer)
    }
  }
}
