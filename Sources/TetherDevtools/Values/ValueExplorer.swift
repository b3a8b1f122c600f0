import TetherTerminal

/// A value as a tree that folds and unfolds: objects and arrays show their size and, folded, a
/// preview of their first members; arrays of more than 100 elements are grouped in chunks;
/// long strings wrap. With a search (`/`), matching rows are highlighted and `n`/`N` step
/// through them.
///
/// ```
/// › ▾ {7}
///     id: 248
///     title: "长城上的日出"
///     body: "She had always believed that the notebook was bright. 古い本屋
///       で、祖母が読んでいた小説を見つけた。"
///   ▸ reactions: {2} likes: 173, dislikes: 46
///   ▸ tags: [3] "music", "fiction", "magical"
/// ```
///
/// It draws through a `ListView` over rows laid out once per value, width and folding
/// (rather than a `Tree`, whose rows are single lines and whose walk covers every unfolded
/// node each frame): a frame costs the rows on screen, whatever the size of the value.
public struct ValueExplorer: StatefulWidget {
  public var outline: ValueOutline
  /// Identifies the outline, so rows are laid out again only for another value.
  public var identity: Int
  public var isFocused: Bool
  /// The colours it is drawn in.
  public var theme = DevtoolsTheme()

  /// The explorer of `outline`; a new `identity` (another value) makes the state lay out its
  /// rows again, and `isFocused` draws it as having focus.
  public init(_ outline: ValueOutline, identity: Int, isFocused: Bool = true) {
    self.outline = outline
    self.identity = identity
    self.isFocused = isFocused
  }

  public func render(in rect: Rect, into frame: inout Frame, state: inout ValueExplorerState) {
    guard !rect.isEmpty else { return }
    let showsSearch = state.search.isEditing || state.search.isActive
    let parts = rect.rows([.fill, .fixed(showsSearch ? 1 : 0)])
    let area = parts[0]
    state.layout(outline, identity: identity, width: area.width)
    let rows = state.rows
    let expanded = state.expanded
    let matches = state.matchSet
    let outline = outline
    ListView(count: rows.count, isFocused: isFocused, emptyMessage: "No value") { row in
      let node = rows.node(at: row)
      let text = rows.text(of: row, in: outline, expanded: expanded)
      let style: Style? =
        matches.contains(node) ? theme.warning.adding(.bold) : nil
      return ListItem(text, style: style)
    }.render(in: area, into: &frame, state: &state.list)
    Scrollbar(state: state.list.scroll).render(
      in: Rect(x: area.maxX - 1, y: area.minY, width: 1, height: area.height), into: &frame)
    guard showsSearch else { return }
    state.search.render(
      in: parts[1], into: &frame, placeholder: "search keys and values",
      note: state.matchPosition, noteStyle: theme.secondary)
  }
}
