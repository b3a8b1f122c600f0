/// The `?` help: a dialog listing every key of one or more keymaps, by section.
///
/// ```swift
/// HelpOverlay([feedKeys.help, globalKeys.help]).render(in: frame.bounds, into: &frame)
/// ```
public struct HelpOverlay: Sendable {
  public var sections: [HelpSection]
  public var title: String

  public init(_ sections: [HelpSection], title: String = "Help — press any key to close") {
    self.sections = sections
    self.title = title
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    let entries = sections.flatMap(\.entries)
    let keyWidth = min(20, entries.map { DisplayWidth.of($0.keys) }.max() ?? 0)
    let labelWidth = entries.map { DisplayWidth.of($0.label) }.max() ?? 0
    let lineCount = entries.count + sections.count * 2 - 1
    let width = max(DisplayWidth.of(title) + 6, keyWidth + labelWidth + 6)
    let content = Dialog(title: title, size: Size(width: width, height: lineCount + 2))
      .render(in: rect, into: &frame)
    var y = content.minY
    for (index, section) in sections.enumerated() {
      if index > 0 { y += 1 }
      frame.write(section.title, at: Point(x: content.minX, y: y), style: .bold, clip: content)
      y += 1
      for entry in section.entries {
        frame.write(entry.keys, at: Point(x: content.minX, y: y), style: .bold, clip: content)
        frame.write(entry.label, at: Point(x: content.minX + keyWidth + 2, y: y), clip: content)
        y += 1
      }
    }
  }
}
