/// Something that happened in the terminal, delivered to ``TerminalApp/handle(_:context:)``.
public enum Event: Hashable, Sendable {
  case key(Key)
  /// Text pasted with bracketed paste, as one event (line breaks are `\n`). Not yet sanitised:
  /// it reaches the screen only through the canvas, which sanitises it.
  case paste(String)
  /// The terminal changed size; the next frame is drawn at the new size.
  case resize(Size)
  /// The terminal window gained (`true`) or lost (`false`) focus (xterm focus reporting).
  case focus(Bool)
}
