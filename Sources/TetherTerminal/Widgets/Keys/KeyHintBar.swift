/// The footer line of key hints, `q quit  r refresh  ↑/k up  ? more`, generated from one or
/// more ``Keymap``s (a modal passes its own).
///
/// Hints are shown most important first (``HintImportance``; ties in the order given). When
/// they do not all fit, the least important are left out whole and the line ends with
/// `? more` — so `q quit` (``HintImportance/essential``) is never silently lost, and the user
/// knows where the rest is. A key is hinted once: when keymaps combined for the footer (a
/// panel's, then the app's) name the same keys, the first hint stands for what the key does
/// there.
public struct KeyHintBar: Widget, Sendable {
  public var hints: [KeyHint]
  /// Shown last when some hints are left out; a hint with the same keys (`? help`) gives way
  /// to it.
  public var more: KeyHint
  public var keyStyle: Style
  public var labelStyle: Style

  /// A footer of `hints`, most important first, ending with `more` when some do not fit.
  public init(
    _ hints: [KeyHint], more: KeyHint = KeyHint(keys: "?", label: "more"),
    keyStyle: Style = .bold, labelStyle: Style = .dim
  ) {
    self.hints = hints
    self.more = more
    self.keyStyle = keyStyle
    self.labelStyle = labelStyle
  }

  /// The hints drawn at `width`, in order, `more` included when something was left out.
  public func visibleHints(width: Int) -> [KeyHint] {
    var seen = Set<String>()
    let unique = hints.filter { seen.insert($0.keys).inserted }
    let ordered = unique.enumerated().sorted { left, right in
      left.element.importance != right.element.importance
        ? left.element.importance > right.element.importance : left.offset < right.offset
    }.map(\.element)
    func total(_ hints: [KeyHint]) -> Int {
      hints.reduce(0) { $0 + $1.width } + 2 * max(0, hints.count - 1)
    }
    if total(ordered) <= width { return ordered }
    // Essential hints first, whatever the room; then `more`, if it fits, keeps its place at the
    // end while the others fill what is left, most important first.
    let candidates = ordered.indices.filter { ordered[$0].keys != more.keys }
    var chosen = candidates.filter { ordered[$0].importance == .essential }
    var used = total(chosen.map { ordered[$0] })
    let showsMore = used + (chosen.isEmpty ? 0 : 2) + more.width <= width
    if showsMore { used += (chosen.isEmpty ? 0 : 2) + more.width }
    for index in candidates where ordered[index].importance != .essential {
      guard used + 2 + ordered[index].width <= width else { continue }
      chosen.append(index)
      used += 2 + ordered[index].width
    }
    let shown = chosen.sorted().map { ordered[$0] }
    return showsMore ? shown + [more] : shown
  }

  public func render(in rect: Rect, into frame: inout Frame) {
    guard !rect.isEmpty else { return }
    var x = rect.minX
    for hint in visibleHints(width: rect.width) {
      x = frame.write(hint.keys, at: Point(x: x, y: rect.minY), style: keyStyle, clip: rect)
      x = frame.write(
        " " + hint.label, at: Point(x: x, y: rect.minY), style: labelStyle, clip: rect)
      x += 2
    }
  }
}
