/// How a message should look: neutral information or an error.
public enum MessageKind: Sendable, Hashable {
  case info
  case error

  /// The style messages of this kind are drawn in.
  public var style: Style {
    switch self {
    case .info: Style(foreground: .black, background: .cyan)
    case .error: Style(foreground: .brightWhite, background: .red, attributes: .bold)
    }
  }
}

/// A full-width one-line message, e.g. an error above a panel; it stays while the app draws it.
///
/// ```swift
/// if let error = state.error { Banner(error.description, kind: .error).render(in: top, into: &frame) }
/// ```
public struct Banner: Widget, Sendable {
  public var message: String
  public var kind: MessageKind

  /// A banner showing `message`, styled as its `kind` says.
  public init(_ message: String, kind: MessageKind = .info) {
    self.message = message
    self.kind = kind
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(1, rect.height))
    guard !row.isEmpty else { return }
    frame.fill(row, style: kind.style)
    let icon = kind == .error ? "✖ " : "ℹ "
    frame.write(
      " " + TextLayout.truncate(icon + message, toWidth: row.width - 2),
      at: Point(x: row.minX, y: row.minY), style: kind.style, clip: row)
  }
}
