/// Buttons in a row, right-aligned: `[ Create ]  [ Cancel ]`. The focused button is reversed,
/// a disabled one dim.
public struct ButtonRow: Sendable {
  public var titles: [String]
  /// The focused button index, or nil when focus is elsewhere.
  public var focused: Int?
  public var disabled: Set<Int>

  public init(_ titles: [String], focused: Int? = nil, disabled: Set<Int> = []) {
    self.titles = titles
    self.focused = focused
    self.disabled = disabled
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    guard !rect.isEmpty else { return }
    let labels = titles.map { "[ " + $0 + " ]" }
    let total = labels.reduce(0) { $0 + DisplayWidth.of($1) } + 2 * max(0, labels.count - 1)
    var x = max(rect.minX, rect.maxX - total)
    for (index, label) in labels.enumerated() {
      var style = Style.plain
      if disabled.contains(index) {
        style = .dim
      } else if index == focused {
        style = Style(attributes: [.reverse, .bold])
      }
      x = frame.write(label, at: Point(x: x, y: rect.minY), style: style, clip: rect) + 2
    }
  }
}
