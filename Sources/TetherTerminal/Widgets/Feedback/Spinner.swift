import Foundation

/// An activity indicator that advances only while it is drawn: each frame shows the step for
/// the frame's time and asks for a redraw when the next step is due, so a spinner that is not
/// on screen costs nothing and a test clock controls every step.
///
/// ```swift
/// Spinner(startedAt: loadStarted, label: "Loading…").render(in: row, into: &frame)
/// ```
public struct Spinner: Widget, Sendable {
  public static let dots = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// When the activity began; the step shown is the time since then over `interval`.
  public var startedAt: Date
  public var label: String
  public var frames: [String]
  public var interval: Duration
  public var style: Style

  /// A spinner started at `startedAt`, after `label`, that turns each `interval` while it is drawn.
  public init(
    startedAt: Date, label: String = "", frames: [String] = Spinner.dots,
    interval: Duration = .milliseconds(100), style: Style = .plain
  ) {
    self.startedAt = startedAt
    self.label = label
    self.frames = frames.isEmpty ? ["…"] : frames
    self.interval = max(.milliseconds(10), interval)
    self.style = style
  }

  /// The step shown at `date`.
  public func step(at date: Date) -> Int {
    // The epsilon keeps a frame drawn exactly at a deadline from showing the previous step.
    Int((max(0, date.timeIntervalSince(startedAt)) + 1e-9) / interval.timeInterval)
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    guard !rect.isEmpty else { return }
    let step = step(at: frame.now)
    let text =
      label.isEmpty ? frames[step % frames.count] : frames[step % frames.count] + " " + label
    frame.write(text, at: Point(x: rect.minX, y: rect.minY), style: style, clip: rect)
    frame.redraw(at: startedAt.adding(interval * (step + 1)))
  }
}
