import TetherTerminal

/// The dialog of the value editor: where the part is, the field or the JSON, and why the
/// last try did not apply.
struct ValueEditor: StatefulWidget {
  var path: String
  var theme = DevtoolsTheme()

  func render(in rect: Rect, into frame: inout Frame, state: inout ValueEditorState) {
    let isArea = state.area != nil
    let width = min(rect.width - 2, 100)
    let errorLines = state.error.map { TextLayout.wrap($0, toWidth: max(10, width - 4)) } ?? []
    let height = min(rect.height - 2, isArea ? max(12, rect.height - 6) : 6 + errorLines.count)
    guard width >= 30, height >= 5 else { return }
    let dialog = Dialog(
      title: "Edit \(state.location) of \(path)", size: Size(width: width, height: height))
    dialog.render(in: rect, into: &frame)
    let content = dialog.content(in: rect)
    let parts = content.rows([.fill, .fixed(errorLines.count), .fixed(1)])
    if var area = state.area {
      TextArea(placeholder: "JSON").render(in: parts[0], into: &frame, state: &area)
      state.area = area
    } else if var field = state.field {
      let row = parts[0].inset(top: 1)
      TextField(placeholder: state.isString ? "text, or null" : "a number, true, false or null")
        .render(
          in: Rect(x: row.minX, y: row.minY, width: row.width, height: 1), into: &frame,
          state: &field)
      state.field = field
    }
    for (index, line) in errorLines.enumerated() {
      frame.write(
        line, at: Point(x: parts[1].minX, y: parts[1].minY + index),
        style: theme.failure.adding(.bold), clip: parts[1])
    }
    let keys =
      isArea ? "Ctrl-S applies · Esc discards" : "Enter applies · Esc discards"
    frame.write(
      keys, at: Point(x: parts[2].minX, y: parts[2].minY), style: theme.secondary, clip: parts[2])
  }
}
