import TetherTerminal

/// Where everything goes on a screen of a given size: the feed on the left, the post (and the
/// store panel under it) on the right, the status bar and the key hints at the bottom.
///
/// Drawing, mouse hit-testing and "how many feed rows are visible" all read this one value,
/// so they cannot disagree.
struct BrowserLayout: Equatable {
  let feed: Rect
  let post: Rect
  let stores: Rect?
  let status: Rect
  let hints: Rect

  init(bounds: Rect, showsStores: Bool) {
    let rows = bounds.rows([.fill, .fixed(1), .fixed(1)])
    let columns = rows[0].columns([.percentage(42), .fill])
    feed = columns[0]
    if showsStores {
      let parts = columns[1].rows([.percentage(45), .fill])
      post = parts[0]
      stores = parts[1]
    } else {
      post = columns[1]
      stores = nil
    }
    status = rows[1]
    hints = rows[2]
  }

  /// The rows of the feed's list: inside the border, above the feed's status line, below the
  /// filter field when one is shown.
  func feedList(filtering: Bool) -> Rect {
    let inner = feed.inset(top: 1, left: 1, bottom: 1, right: 1)
    return inner.inset(top: filtering ? 1 : 0, bottom: 1)
  }
}
