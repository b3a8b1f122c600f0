import TetherTerminal

/// What the browser shows over its panels, in a ``LayerStack``: the editor, the question
/// before a deletion, the devtools' own dialogs and the help. Every one is modal; the topmost
/// gets the keys, and `Esc` closes it unless it wants `Esc` itself (the editor asks before
/// typed text is lost, the devtools step back inside their dialogs, the help clears its
/// filter first).
enum BrowserLayer: Layer {
  /// A deletion waiting for confirmation.
  struct PendingDeletion {
    let id: Int
    let title: String
    /// The post of the comment `id`, when a comment is deleted.
    var commentOf: Int?
    var prompt = ConfirmState()
  }

  case editor(PostEditor)
  case commentEditor(CommentEditor)
  case deletion(PendingDeletion)
  /// A devtools question or their faults dialog, whose state the devtools keep.
  case devtoolsDialog
  case help(HelpState)

  var isModal: Bool { true }

  func wants(_ event: Event) -> Bool {
    switch self {
    case .editor, .commentEditor, .devtoolsDialog:
      switch event {
      case .key, .paste, .mouse: true
      case .resize, .focus, .message: false
      }
    case .deletion(let deletion): deletion.prompt.wants(event)
    case .help(let help): help.wants(event)
    }
  }

  var editor: PostEditor? {
    guard case .editor(let editor) = self else { return nil }
    return editor
  }

  var commentEditor: CommentEditor? {
    guard case .commentEditor(let editor) = self else { return nil }
    return editor
  }

  var deletion: PendingDeletion? {
    guard case .deletion(let deletion) = self else { return nil }
    return deletion
  }

  var help: HelpState? {
    guard case .help(let help) = self else { return nil }
    return help
  }

  var isDevtoolsDialog: Bool {
    guard case .devtoolsDialog = self else { return false }
    return true
  }
}
