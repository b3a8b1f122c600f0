import Foundation

/// The time scale of a ``Timeline``: which dates the bar columns stand for, and tick marks at
/// round steps (1 s, 2 s, 5 s, 10 s... or 100 ms, 200 ms...) far enough apart for their labels.
struct TimelineAxis {
  let start: Date
  let duration: TimeInterval
  let width: Int

  init(start: Date, end: Date, width: Int) {
    self.start = start
    duration = max(end.timeIntervalSince(start), 0.001)
    self.width = max(1, width)
  }

  /// The bar column of `date`, clamped to the axis.
  func column(of date: Date) -> Int {
    let fraction = date.timeIntervalSince(start) / duration
    return max(0, min(width - 1, Int((fraction * Double(width)).rounded(.down))))
  }

  /// The column just after `date` ends: spans cover `column(of: start)..<endColumn(of: end)`.
  func endColumn(of date: Date) -> Int {
    let fraction = date.timeIntervalSince(start) / duration
    return max(0, min(width, Int((fraction * Double(width)).rounded(.up))))
  }

  /// Seconds per column.
  var secondsPerColumn: TimeInterval { duration / Double(width) }

  static let steps: [TimeInterval] = [
    0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600,
    900, 1800, 3600, 7200, 14_400, 43_200, 86_400,
  ]

  /// The tick step: the smallest round step whose ticks are at least `spacing` columns apart.
  func step(spacing: Int = 10) -> TimeInterval {
    let wanted = secondsPerColumn * Double(spacing)
    return Self.steps.first { $0 >= wanted } ?? (wanted / 86_400).rounded(.up) * 86_400
  }

  /// Ticks from the start: (column, label) for every step that fits.
  func ticks(spacing: Int = 10) -> [(column: Int, label: String)] {
    let step = step(spacing: spacing)
    var ticks: [(Int, String)] = []
    var offset = 0.0
    while offset <= duration + 1e-9 {
      let column = column(of: start.addingTimeInterval(offset))
      ticks.append((column, Self.label(offset, step: step)))
      offset += step
    }
    return ticks
  }

  /// `0`, `250 ms`, `1.5 s`, `12 s`, `2 m`, `1 h`.
  static func label(_ seconds: TimeInterval, step: TimeInterval) -> String {
    if seconds == 0 { return "0" }
    if step < 1 {
      if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
      return String(format: "%.1f s", seconds)
    }
    if step < 60 { return "\(Int(seconds.rounded())) s" }
    if step < 3600 { return "\(Int((seconds / 60).rounded())) m" }
    return "\(Int((seconds / 3600).rounded())) h"
  }
}
