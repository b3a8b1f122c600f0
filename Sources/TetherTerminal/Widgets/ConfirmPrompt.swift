/// The choice in a ``ConfirmPrompt``.
public struct ConfirmState: Hashable, Sendable {
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
///   .render(in: frame.bounds, into: &frame, state: confirm)
/// ```
public struct ConfirmPrompt: Sendable {
  public var title: String
  public var message: String
  public var confirmTitle: String
  public var cancelTitle: String

  public init(
    title: String = "Confirm", message: String, confirmTitle: String = "Yes",
    cancelTitle: String = "No"
  ) {
    self.title = title
    self.message = message
    self.confirmTitle = confirmTitle
    self.cancelTitle = cancelTitle
  }

  public func render(in rect: Rect, into frame: inout Frame, state: ConfirmState) {
    let width = min(rect.width, max(30, min(60, DisplayWidth.of(message) + 6)))
    let lines = TextLayout.wrap(message, toWidth: width - 4)
    let content = Dialog(title: title, size: Size(width: width, height: lines.count + 5))
      .render(in: rect, into: &frame)
    let parts = content.rows([.fill, .fixed(1)])
    Paragraph(message).render(in: parts[0].inset(top: 1), into: &frame)
    ButtonRow([confirmTitle, cancelTitle], focused: state.confirmFocused ? 0 : 1)
      .render(in: parts[1], into: &frame)
  }
}
