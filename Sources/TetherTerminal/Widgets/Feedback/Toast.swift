import Foundation

/// The toast on screen, if any: a message that expires by itself.
public struct ToastState: Hashable, Sendable {
  public private(set) var message: String?
  public private(set) var kind = MessageKind.info
  public private(set) var expiresAt = Date.distantPast

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

/// A short message in the bottom-right corner of a rectangle that disappears at its expiry:
/// while visible it asks for a redraw at the expiry time, so no timer runs.
///
/// ```swift
/// // handle: toast.show("Post #252 created", now: context.now)
/// Toast().render(in: body, into: &frame, state: &toast)
/// ```
public struct Toast: StatefulWidget, Sendable {
  public init() {}

  public func render(in rect: Rect, into frame: inout Frame, state: inout ToastState) {
    guard let message = state.visibleMessage(at: frame.now), rect.height >= 3, rect.width >= 6
    else { return }
    let text = TextLayout.truncate(message, toWidth: rect.width - 4)
    let width = DisplayWidth.of(text) + 4
    let box = Rect(x: rect.maxX - width, y: rect.maxY - 3, width: width, height: 3)
    frame.fill(box, style: state.kind.style)
    let border = Border(style: state.kind.style)
    border.render(in: box, into: &frame)
    let inner = border.inner(of: box)
    frame.write(
      text, at: Point(x: inner.minX + 1, y: inner.minY), style: state.kind.style, clip: inner)
    frame.redraw(at: state.expiresAt)
  }
}
