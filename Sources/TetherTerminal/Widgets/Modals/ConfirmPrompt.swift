/// The choice in a ``ConfirmPrompt``.
public struct ConfirmState: Hashable, Sendable {
  /// How a ``ConfirmPrompt`` was answered.
  public enum Outcome: Hashable, Sendable {
    case confirmed
    case cancelled
  }

  /// Whether the confirm button (rather than cancel) is focused.
  public private(set) var confirmFocused: Bool

  /// `confirmsByDefault: false` (the default) focuses cancel, so Enter is the safe answer.
  public init(confirmsByDefault: Bool = false) {
    confirmFocused = confirmsByDefault
  }

  /// The prompt's keys, for the footer while it is shown (modals show their own hints).
  public static let hints = [
    KeyHint(keys: "y", label: "yes", importance: .essential),
    KeyHint(keys: "n/Esc", label: "no", importance: .essential),
    KeyHint(keys: "Enter", label: "focused button", importance: .high),
    KeyHint(keys: "←/→", label: "switch"),
  ]

  /// y confirms; n and Esc cancel; Enter takes the focused button; ←/→/Tab switch buttons.
  ///
  /// - Returns: the answer once given; nil while undecided.
  public mutating func handle(_ key: Key) -> Outcome? {
    switch key {
    case "y", "Y": return .confirmed
    case "n", "N", .escape: return .cancelled
    case .enter: return confirmFocused ? .confirmed : .cancelled
    case .left, .right, .tab, .shiftTab: confirmFocused.toggle()
    default: break
    }
    return nil
  }
}

/// A small modal question with two buttons: "Delete post #12?" [ Delete ] [ Cancel ].
///
/// ```swift
/// ConfirmPrompt(message: "Discard the new post?", confirmTitle: "Discard")
///   .render(in: frame.bounds, into: &frame, state: &confirm)
/// KeyHintBar(ConfirmState.hints).render(in: footer, into: &frame)
/// ```
public struct ConfirmPrompt: StatefulWidget, Sendable {
  public var title: String
  public var message: String
  public var confirmTitle: String
  public var cancelTitle: String

  /// A dialog asking `title`, with `message` and two buttons: confirm and cancel.
  public init(
    title: String = "Confirm", message: String, confirmTitle: String = "Yes",
    cancelTitle: String = "No"
  ) {
    self.title = title
    self.message = message
    self.confirmTitle = confirmTitle
    self.cancelTitle = cancelTitle
  }

  /// The dialog the prompt draws over `rect`.
  func dialog(in rect: Rect) -> Dialog {
    let width = min(rect.width, max(30, min(60, DisplayWidth.of(message) + 6)))
    let lines = TextLayout.wrap(message, toWidth: width - 4)
    return Dialog(title: title, size: Size(width: width, height: lines.count + 5))
  }

  /// The confirm (0) or cancel (1) button under `point` in a prompt drawn over `rect`.
  public func button(at point: Point, in rect: Rect) -> Int? {
    let parts = dialog(in: rect).content(in: rect).rows([.fill, .fixed(1)])
    return ButtonRow([confirmTitle, cancelTitle]).button(at: point, in: parts[1])
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout ConfirmState) {
    let dialog = dialog(in: rect)
    dialog.render(in: rect, into: &frame)
    let parts = dialog.content(in: rect).rows([.fill, .fixed(1)])
    Paragraph(message).render(in: parts[0].inset(top: 1), into: &frame)
    ButtonRow([confirmTitle, cancelTitle], focused: state.confirmFocused ? 0 : 1)
      .render(in: parts[1], into: &frame)
  }
}
