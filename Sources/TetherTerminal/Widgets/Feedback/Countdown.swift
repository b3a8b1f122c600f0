import Foundation

/// Time left until a deadline, in tenths of a second, counting down live: each frame shows the
/// time left at the frame's time and asks for a redraw when the shown tenth changes, so
/// "retrying in 1.4 s" ticks without a timer and a test clock controls every tick.
///
/// ```swift
/// Countdown(until: nextRetry) { "attempt 2 of 4 failed — retrying in \($0)" }
///   .render(in: row, into: &frame)
/// ```
public struct Countdown: Widget {
  public var deadline: Date
  public var label: (String) -> String
  public var style: Style

  /// A countdown to `deadline`, its text passed through `label`, that asks for its own redraws
  /// until then.
  public init(
    until deadline: Date, style: Style = .plain, label: @escaping (String) -> String = { $0 }
  ) {
    self.deadline = deadline
    self.style = style
    self.label = label
  }

  /// Tenths of a second left at `date`, rounded up (1.31 s left shows as 1.4 s).
  public func tenthsLeft(at date: Date) -> Int {
    max(0, Int((deadline.timeIntervalSince(date) * 10 - 1e-9).rounded(.up)))
  }

  /// The time left as shown: `1.4 s`.
  public func text(at date: Date) -> String {
    let tenths = tenthsLeft(at: date)
    return "\(tenths / 10).\(tenths % 10) s"
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    guard !rect.isEmpty else { return }
    frame.write(
      label(text(at: frame.now)), at: Point(x: rect.minX, y: rect.minY), style: style, clip: rect)
    let tenths = tenthsLeft(at: frame.now)
    if tenths > 0 { frame.redraw(at: deadline.addingTimeInterval(-Double(tenths - 1) / 10)) }
  }
}
