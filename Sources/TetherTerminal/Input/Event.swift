/// Something that happened, delivered to ``TerminalApp/handle(_:context:)``.
public enum Event: Hashable, Sendable {
  case key(Key)
  /// Text pasted with bracketed paste, as one event (line breaks are `\n`). Not yet sanitised:
  /// it reaches the screen only through the canvas, which sanitises it.
  case paste(String)
  /// The terminal changed size; the next frame is drawn at the new size.
  case resize(Size)
  /// The terminal window gained (`true`) or lost (`false`) focus (xterm focus reporting).
  case focus(Bool)
  /// A click, release or wheel turn (when the screen reports the mouse).
  case mouse(MouseEvent)
  /// A message some task posted to one of the app's ``Inbox``es.
  case message(PostedMessage)

  /// The posted message when this is a message of type `type`.
  ///
  /// ```swift
  /// if let saved = event.message(as: SaveResult.self) { ... }
  /// ```
  public func message<Message>(as type: Message.Type) -> Message? {
    guard case .message(let posted) = self else { return nil }
    return posted.value as? Message
  }

  /// What the loop delivers instead of this event while the terminal is below the app's
  /// minimum size: nothing the user cannot see happen (keys, pastes, clicks), except that `q`
  /// and Ctrl-C both arrive as Ctrl-C — the request to quit, which the app may still answer by
  /// asking first (its question shows once the terminal is large enough).
  var deliveredWhileTooSmall: Event? {
    switch self {
    case .key(.ctrl("c")), .key("q"): .key(.ctrl("c"))
    case .key, .paste, .mouse: nil
    case .resize, .focus, .message: self
    }
  }
}
