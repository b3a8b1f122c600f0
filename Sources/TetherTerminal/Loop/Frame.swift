import Foundation

/// What an app draws one frame into: a canvas, the time of the frame and a way to ask for the
/// next frame at a given time.
///
/// Timers exist only as redraw requests: a spinner asks for its next frame while it is drawn, a
/// countdown asks for its next tick, a toast for its expiry. The loop sleeps until the earliest
/// request (or an input or wake-up) and forgets requests that the next frame does not repeat, so
/// nothing ticks in the background.
public struct Frame: Sendable {
  public var canvas: Canvas
  /// The time of this frame from the loop's clock; draw time-dependent state from it.
  public let now: Date
  /// The earliest redraw requested so far in this frame.
  public private(set) var nextRedraw: Date?

  /// A frame drawing into `canvas` at `now`.
  public init(canvas: Canvas, now: Date) {
    self.canvas = canvas
    self.now = now
  }

  /// A frame of blank cells of `size`.
  public init(size: Size, now: Date) {
    self.init(canvas: Canvas(size: size), now: now)
  }

  /// The whole frame as a rectangle.
  public var bounds: Rect { canvas.bounds }

  /// Asks for another frame at `date` (at once when it has passed).
  public mutating func redraw(at date: Date) {
    if let current = nextRedraw, current <= date { return }
    nextRedraw = date
  }

  /// Asks for another frame `duration` after this one.
  public mutating func redraw(after duration: Duration) {
    redraw(at: now.adding(duration))
  }

  /// Writes one line of text; see ``Canvas/write(_:at:style:clip:)``.
  @discardableResult
  public mutating func write(
    _ text: String, at origin: Point, style: Style = .plain, clip: Rect? = nil
  ) -> Int {
    canvas.write(text, at: origin, style: style, clip: clip)
  }

  /// Fills `rect` with spaces in `style`.
  public mutating func fill(_ rect: Rect, style: Style = .plain) {
    canvas.fill(rect, style: style)
  }
}
