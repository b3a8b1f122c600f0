import Foundation

/// The toast on screen, if any: a message that expires by itself.
public struct ToastState: Hashable, Sendable {
  public private(set) var message: String?
  public private(set) var kind = MessageKind.info
  public private(set) var expiresAt = Date.distantPast

  /// No toast shown.
  public init() {}

  /// Shows `message` from `now` for `duration`, replacing any earlier toast.
  public mutating func show(
    _ message: String, kind: MessageKind = .info, now: Date, duration: Duration = .seconds(3)
  ) {
    self.message = message
    self.kind = kind
    expiresAt = now.adding(duration)
  }

  /// Hides the toast now.
  public mutating func dismiss() {
    message = nil
  }

  /// The message visible at `date`, if any.
  public func visibleMessage(at date: Date) -> String? {
    date < expiresAt ? message : nil
  }
}

/// A short message in the bottom-right corner of a rectangle (wrapped to three lines at most)
/// that disappears at its expiry:
/// while visible it asks for a redraw at the expiry time, so no timer runs.
///
/// ```swift
/// // handle: toast.show("Post #252 created", now: context.now)
/// Toast().render(in: body, into: &frame, state: &toast)
/// ```
public struct Toast: StatefulWidget, Sendable {
  /// A toast, drawn as its ``ToastState`` says.
  public init() {}

  public func render(in rect: Rect, into frame: inout Frame, state: inout ToastState) {
    guard let message = state.visibleMessage(at: frame.now), rect.height >= 3, rect.width >= 6
    else { return }
    // A message too long for one line wraps, up to three lines (fewer in a short rect).
    let room = rect.width - 4
    let maximumLines = max(1, min(3, rect.height - 2))
    var lines =
      DisplayWidth.of(message) <= room ? [message] : TextLayout.wrap(message, toWidth: room)
    if lines.count > maximumLines {
      let rest = lines[(maximumLines - 1)...].joined(separator: " ")
      lines = Array(lines.prefix(maximumLines - 1)) + [TextLayout.truncate(rest, toWidth: room)]
    }
    let width = (lines.map(DisplayWidth.of).max() ?? 0) + 4
    let box = Rect(
      x: rect.maxX - width, y: rect.maxY - lines.count - 2, width: width, height: lines.count + 2)
    frame.fill(box, style: state.kind.style)
    let border = Border(style: state.kind.style)
    border.render(in: box, into: &frame)
    let inner = border.inner(of: box)
    for (index, line) in lines.enumerated() {
      frame.write(
        line, at: Point(x: inner.minX + 1, y: inner.minY + index), style: state.kind.style,
        clip: inner)
    }
    frame.redraw(at: state.expiresAt)
  }
}
