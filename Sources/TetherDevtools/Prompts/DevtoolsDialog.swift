import TetherTerminal

/// A dialog of the devtools over their pages — a question before an action, the command
/// palette, the value editor, the faults dialog — as a layer of ``DevtoolsState``'s
/// ``LayerStack``, routed the way an app routes its own layers: the topmost gets the keys,
/// `Esc` that it does not want closes it, and every one is modal.
enum DevtoolsDialog: Layer {
  case prompt(DevtoolsPrompt)
  case palette(PaletteState)
  case valueEditor(ValueEditorState)
  case faults(FaultsDialogState)

  var isModal: Bool { true }

  func wants(_ event: Event) -> Bool {
    switch (self, event) {
    // Ctrl-C goes to the app, whose loop quits on it when it is ignored.
    case (_, .key(.ctrl("c"))): false
    // Esc keeps a route being typed before it closes the dialog, which it does itself.
    case (.faults, .key), (.faults, .paste): true
    case (_, .key(.escape)): false
    case (.prompt, .key): true
    case (.palette, .key), (.palette, .paste), (.valueEditor, .key), (.valueEditor, .paste): true
    default: false
    }
  }

  /// The keys of the dialog, for the app's footer.
  var hints: [KeyHint] {
    switch self {
    case .prompt(let prompt): prompt.hints
    case .valueEditor(let editor):
      [
        KeyHint(
          keys: editor.field != nil ? "Enter" : "Ctrl-S", label: "apply",
          importance: .essential),
        KeyHint(keys: "Esc", label: "discard", importance: .essential),
      ]
    case .palette:
      [
        KeyHint(keys: "↑/↓", label: "choose", importance: .high),
        KeyHint(keys: "Enter", label: "run", importance: .essential),
        KeyHint(keys: "Tab", label: "complete", importance: .high),
        KeyHint(keys: "Esc", label: "close", importance: .essential),
      ]
    case .faults:
      [
        KeyHint(keys: "↑/↓", label: "field", importance: .high),
        KeyHint(keys: "←/→", label: "change", importance: .high),
        KeyHint(keys: "Esc", label: "close", importance: .essential),
      ]
    }
  }
}
