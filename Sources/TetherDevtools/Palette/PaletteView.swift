import TetherTerminal

/// The command palette: a prompt, and under it the actions that match what was typed, each
/// with its key (`r`) or none, and what it does.
struct PaletteView: StatefulWidget {
  func render(in rect: Rect, into frame: inout Frame, state: inout PaletteState) {
    let width = min(rect.width - 2, 90)
    let height = min(rect.height - 2, max(8, state.matches.count + 5))
    guard width >= 30, height >= 5 else { return }
    let dialog = Dialog(
      title: "Run an action · Enter runs · Tab completes · Esc closes",
      size: Size(width: width, height: height))
    dialog.render(in: rect, into: &frame)
    let content = dialog.content(in: rect)
    let parts = content.rows([.fixed(1), .fixed(1), .fill])
    frame.write(":", at: Point(x: parts[0].minX, y: parts[0].minY), style: .bold, clip: parts[0])
    TextField(placeholder: "type a few letters of an action", isFocused: true)
      .render(in: parts[0].inset(left: 2), into: &frame, state: &state.query)
    let matches = state.matches
    Table(
      columns: [
        TableColumn("Action", width: .fill(2)), TableColumn("Key", width: .fixed(9)),
        TableColumn("What it does", width: .fill(4)),
      ], count: matches.count, emptyMessage: "No action matches"
    ) { index in
      let entry = matches[index]
      return TableRow([
        Segment(entry.name), Segment(entry.keys ?? "–", style: .bold),
        Segment(entry.detail, style: .dim),
      ])
    }.render(in: parts[2], into: &frame, state: &state.list)
  }
}
