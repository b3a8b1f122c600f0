/// What the loop draws instead of the app when the terminal is below its minimum size. Only
/// resizing, `q` or Ctrl-C (quit) and Ctrl-Z (suspend) do anything meanwhile: the loop keeps
/// every other key, paste and click from the app, whose screen the user cannot see.
enum TooSmallMessage {
  static func render(into frame: inout Frame, minimum: Size) {
    let size = frame.bounds.size
    let lines = [
      "Terminal too small",
      "need \(minimum), have \(size)",
      "q quits",
    ]
    let top = max(0, (size.height - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      let text = TextLayout.truncate(line, toWidth: size.width)
      let x = max(0, (size.width - DisplayWidth.of(text)) / 2)
      frame.write(
        text, at: Point(x: x, y: top + offset),
        style: offset == 0 ? .bold : offset == 2 ? .dim : .plain)
    }
  }
}
