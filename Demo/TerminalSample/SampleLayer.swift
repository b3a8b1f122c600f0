import TetherTerminal

/// What the sample shows over its panels: the help, the question before resetting the list
/// and the devtools' own dialogs. The topmost takes the keys; `Esc` closes it unless it wants
/// `Esc` itself.
enum SampleLayer: Layer {
  case help(HelpState)
  case confirmReset(ConfirmState)
  /// A devtools question or their faults dialog, whose state the devtools keep.
  case devtoolsDialog

  var isModal: Bool { true }

  func wants(_ event: Event) -> Bool {
    switch self {
    case .help(let help): help.wants(event)
    case .confirmReset(let confirm): confirm.wants(event)
    case .devtoolsDialog:
      switch event {
      case .key, .paste, .mouse: true
      case .resize, .focus, .message: false
      }
    }
  }
}
