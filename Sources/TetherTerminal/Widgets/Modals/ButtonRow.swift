/// Buttons in a row, right-aligned: `[ Create ]  [ Cancel ]`. The focused button is reversed,
/// a disabled one dim.
public struct ButtonRow: Widget, Sendable {
  public var titles: [String]
  /// The focused button index, or nil when focus is elsewhere.
  public var focused: Int?
  public var disabled: Set<Int>

  /// A row of buttons titled `titles`, the `focused` one highlighted and `disabled` ones dimmed.
  public init(_ titles: [String], focused: Int? = nil, disabled: Set<Int> = []) {
    self.titles = titles
    self.focused = focused
    self.disabled = disabled
  }

  /// Where each button lies in a row drawn in `rect`.
  public func buttonRects(in rect: Rect) -> [Rect] {
    let widths = titles.map { DisplayWidth.of("[ " + $0 + " ]") }
    let total = widths.reduce(0, +) + 2 * max(0, widths.count - 1)
    var x = max(rect.minX, rect.maxX - total)
    return widths.map { width in
      defer { x += width + 2 }
      return Rect(x: x, y: rect.minY, width: width, height: min(1, rect.height))
        .intersection(rect)
    }
  }

  /// The button under `point` in a row drawn in `rect` (for clicks).
  public func button(at point: Point, in rect: Rect) -> Int? {
    buttonRects(in: rect).firstIndex { $0.contains(point) }
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    guard !rect.isEmpty else { return }
    let rects = buttonRects(in: rect)
    for (index, title) in titles.enumerated() {
      let label = "[ " + title + " ]"
      var style = Style.plain
      if disabled.contains(index) {
        style = .dim
      } else if index == focused {
        style = Style(attributes: [.reverse, .bold])
      }
      frame.write(label, at: Point(x: rects[index].minX, y: rect.minY), style: style, clip: rect)
    }
  }
}
