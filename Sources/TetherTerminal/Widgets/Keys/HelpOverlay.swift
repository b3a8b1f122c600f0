/// The `?` help: a dialog listing every key of one or more keymaps, by section, generated from
/// the same ``Keymap``s that dispatch keys and make the footer. It scrolls when it is taller
/// than the screen (with a scrollbar, "12–30 of 45", and "↓ 15 more below" on its border),
/// filters with `/`, and wraps long descriptions, so at any size every entry can be reached.
/// Its own hints sit in its footer.
///
/// ```swift
/// if var help {
///   HelpOverlay([feedKeys.help, globalKeys.help]).render(in: frame.bounds, into: &frame, state: &help)
///   self.help = help
/// }
/// ```
public struct HelpOverlay: StatefulWidget, Sendable {
  public var sections: [HelpSection]
  public var title: String

  /// The help of `sections` (each a keymap's), under `title`.
  public init(_ sections: [HelpSection], title: String = "Help") {
    self.sections = sections
    self.title = title
  }

  /// One line of the overlay's content.
  private struct Line {
    var keys = ""
    var text = ""
    var isTitle = false
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout HelpState) {
    let allEntries = sections.flatMap(\.entries)
    let keyWidth = min(20, allEntries.map { DisplayWidth.of($0.keys) }.max() ?? 0)
    let labelWidth = allEntries.map { DisplayWidth.of($0.label) }.max() ?? 0
    let width = min(
      max(20, rect.width - 4), max(44, DisplayWidth.of(title) + 8, keyWidth + labelWidth + 8))
    // Border and padding (4), the gap after the keys (2), a blank before the scrollbar and
    // the scrollbar itself (2).
    let textWidth = max(1, width - 4 - keyWidth - 2 - 2)
    let lines = contentLines(state: state, keyWidth: keyWidth, textWidth: textWidth)
    let showsFilter = state.isFiltering || !state.filter.text.isEmpty
    let chrome = 2 + 1 + (showsFilter ? 1 : 0)  // border, footer, filter
    let height = min(max(6, rect.height - 2), max(1, lines.count) + chrome)
    let dialog = Dialog(title: title, size: Size(width: width, height: height))
    dialog.render(in: rect, into: &frame)
    let content = dialog.content(in: rect)
    var parts = content.rows([.fill, .fixed(1)])
    if showsFilter {
      let filterRows = parts[0].rows([.fixed(1), .fill])
      frame.write("/", at: Point(x: filterRows[0].minX, y: filterRows[0].minY), style: .bold)
      var filter = state.filter
      TextField(placeholder: "type to filter", isFocused: state.isFiltering)
        .render(in: filterRows[0].inset(left: 2), into: &frame, state: &filter)
      state.filter = filter
      parts[0] = filterRows[1]
    }
    let body = parts[0].inset(right: 1)
    state.scroll.layout(contentLength: lines.count, viewport: body)
    for (row, line) in lines[state.scroll.visibleRange].enumerated() {
      let y = body.minY + row
      if line.isTitle {
        frame.write(line.text, at: Point(x: body.minX, y: y), style: .bold, clip: body)
        continue
      }
      frame.write(line.keys, at: Point(x: body.minX, y: y), style: .bold, clip: body)
      frame.write(line.text, at: Point(x: body.minX + keyWidth + 2, y: y), clip: body)
    }
    if lines.isEmpty {
      frame.write(
        "No key matches “\(state.filter.text)”", at: Point(x: body.minX, y: body.minY),
        style: .dim, clip: body)
    }
    Scrollbar(state: state.scroll).render(
      in: Rect(x: body.maxX, y: body.minY, width: 1, height: body.height), into: &frame)
    MoreBelow(count: lines.count - state.scroll.visibleRange.upperBound)
      .render(in: dialog.box(in: rect), into: &frame)
    renderFooter(in: parts[1], into: &frame, state: state)
  }

  private func renderFooter(in row: Rect, into frame: inout Frame, state: HelpState) {
    let scroll = state.scroll
    var position = ""
    if scroll.isScrollable {
      position = "\(scroll.offset + 1)–\(scroll.visibleRange.upperBound) of \(scroll.contentLength)"
    }
    let positionWidth = DisplayWidth.of(position)
    let hintArea = row.inset(right: positionWidth + (position.isEmpty ? 0 : 1))
    let scrolling = KeyHint(keys: "j/k", label: "scroll", importance: .high)
    let filtering = [
      KeyHint(keys: "Enter", label: "keep filter"), KeyHint(keys: "Esc", label: "clear"),
    ]
    let hints = [scrolling] + (state.isFiltering ? filtering : HelpState.keymap.hints)
    KeyHintBar(hints, more: KeyHint(keys: "Esc", label: "close")).render(in: hintArea, into: &frame)
    let positionOrigin = Point(x: row.maxX - positionWidth, y: row.minY)
    frame.write(position, at: positionOrigin, style: .dim, clip: row)
  }

  private func contentLines(state: HelpState, keyWidth: Int, textWidth: Int) -> [Line] {
    var lines: [Line] = []
    for section in sections {
      let entries = section.entries.filter { state.matches($0, section: section.title) }
      guard !entries.isEmpty else { continue }
      if !lines.isEmpty { lines.append(Line()) }
      lines.append(Line(text: section.title, isTitle: true))
      for entry in entries {
        let keys = TextLayout.truncate(entry.keys, toWidth: keyWidth)
        let wrapped = TextLayout.wrap(entry.label, toWidth: textWidth)
        for (index, text) in wrapped.enumerated() {
          lines.append(Line(keys: index == 0 ? keys : "", text: text))
        }
      }
    }
    return lines
  }
}
