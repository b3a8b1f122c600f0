import TetherTerminal

/// Where everything goes on a screen of a given size: the feed on the left, the post (and the
/// devtools' panel under it) on the right — or the devtools over both —, the status bar and
/// the key hints at the bottom.
///
/// Drawing, mouse hit-testing and "how many feed rows are visible" all read this one value,
/// so they cannot disagree.
struct BrowserLayout: Equatable {
  /// Where the devtools are drawn.
  enum DevtoolsPlace: Equatable {
    case hidden, panel, fullScreen
  }

  /// The feed and the post; nil while the devtools take the whole screen.
  let feed: Rect?
  let post: Rect?
  let devtools: Rect?
  let status: Rect
  let hints: Rect
  /// The feed's rectangle, also while the devtools cover it (how many posts fill its rows).
  private let feedArea: Rect

  init(bounds: Rect, devtools place: DevtoolsPlace) {
    let rows = bounds.rows([.fill, .fixed(1), .fixed(1)])
    let columns = rows[0].columns([.percentage(42), .fill])
    feedArea = columns[0]
    switch place {
    case .hidden:
      feed = columns[0]
      post = columns[1]
      devtools = nil
    case .panel:
      let parts = columns[1].rows([.percentage(45), .fill])
      feed = columns[0]
      post = parts[0]
      devtools = parts[1]
    case .fullScreen:
      feed = nil
      post = nil
      devtools = rows[0]
    }
    status = rows[1]
    hints = rows[2]
  }

  /// The rows of the feed's list: inside the border, above the feed's status line, below the
  /// filter field when one is shown.
  func feedList(filtering: Bool) -> Rect {
    let inner = feedArea.inset(top: 1, left: 1, bottom: 1, right: 1)
    return inner.inset(top: filtering ? 1 : 0, bottom: 1)
  }
}
