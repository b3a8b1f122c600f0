/// The footer line of key hints, `q quit  ? help  ↑/k up`, generated from a ``Keymap``. Only
/// whole hints are shown: those that do not fit are left out.
public struct KeyHintBar: Sendable {
  public var hints: [KeyHint]
  public var keyStyle: Style
  public var labelStyle: Style

  public init(_ hints: [KeyHint], keyStyle: Style = .bold, labelStyle: Style = .dim) {
    self.hints = hints
    self.keyStyle = keyStyle
    self.labelStyle = labelStyle
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    guard !rect.isEmpty else { return }
    var x = rect.minX
    for hint in hints {
      let width = DisplayWidth.of(hint.keys) + 1 + DisplayWidth.of(hint.label)
      guard x + width <= rect.maxX else { break }
      x = frame.write(hint.keys, at: Point(x: x, y: rect.minY), style: keyStyle, clip: rect)
      x = frame.write(
        " " + hint.label, at: Point(x: x, y: rect.minY), style: labelStyle, clip: rect)
      x += 2
    }
  }
}
