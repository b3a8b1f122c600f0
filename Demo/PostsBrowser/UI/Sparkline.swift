import TetherCore
import TetherTerminal

/// The last few dozen requests as a line of bars: the height is the latency, a failure is a
/// red `×`, a request the browser gave up (the selection moved on) a `·`.
struct Sparkline {
  static let bars = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  var samples: [RequestActivity.Sample]

  /// The bar for each sample, scaled to the slowest one shown (at least 100 ms).
  var segments: [(text: String, failed: Bool)] {
    let slowest = max(0.1, samples.map(\.duration.timeInterval).max() ?? 0)
    return samples.map { sample in
      guard !sample.failed else { return ("×", true) }
      guard !sample.cancelled else { return ("·", false) }
      let level = Int(
        (sample.duration.timeInterval / slowest * Double(Self.bars.count - 1)).rounded())
      return (Self.bars[max(0, min(Self.bars.count - 1, level))], false)
    }
  }

  /// Draws the newest samples that fit, right-aligned in `rect`.
  func render(in rect: Rect, into frame: inout Frame, style: Style) {
    let segments = segments.suffix(rect.width)
    var x = rect.maxX - segments.count
    for segment in segments {
      let segmentStyle = segment.failed ? style.foreground(.red).adding(.bold) : style
      frame.write(segment.text, at: Point(x: x, y: rect.minY), style: segmentStyle, clip: rect)
      x += 1
    }
  }
}
