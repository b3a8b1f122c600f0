import Foundation
import TetherCore
import TetherHTTP
import TetherTerminal

/// The feed on the left: the loaded posts' titles, "N of TOTAL", the filter, and a last line
/// that says what the feed is doing.
struct FeedPanel {
  let state: PaginatedState<Int, PostsPage, HTTPError>
  /// The posts shown: every loaded post, or those matching the filter.
  let posts: [Post]
  let filter: FeedFilter?
  let isFocused: Bool

  func render(in rect: Rect, into frame: inout Frame, list: inout ListState) {
    let border = Border(
      title: title, style: isFocused ? Theme.focusedBorder : Theme.border,
      titleStyle: isFocused ? Theme.title.foreground(.cyan) : Theme.title
    )
    border.render(in: rect, into: &frame)
    let inner = border.inner(of: rect)
    var rows = inner.rows([.fill, .fixed(1)])
    if let filter {
      let parts = rows[0].rows([.fixed(1), .fill])
      frame.write("/", at: Point(x: parts[0].minX, y: parts[0].minY), style: .bold)
      var text = filter.text
      TextField(placeholder: "title contains…", isFocused: filter.isEditing)
        .render(in: parts[0].inset(left: 2), into: &frame, state: &text)
      rows[0] = parts[1]
    }
    let empty = state.pages.isEmpty ? nil : (filter == nil ? "No posts" : "No title matches")
    ListView(count: posts.count, isFocused: isFocused, emptyMessage: empty) { index in
      ListItem(posts[index].title)
    }.render(in: rows[0], into: &frame, state: &list)
    renderStatus(in: rows[1], into: &frame)
  }

  private var total: Int? { state.pages.last?.value.total }

  private var title: String {
    let loaded = state.pages.reduce(0) { $0 + $1.value.posts.count }
    guard let total else { return "Posts" }
    if let filter, !filter.text.text.isEmpty { return "Posts · \(posts.count) of \(loaded) match" }
    return "Posts · \(loaded) of \(total)"
  }

  /// The last line: retrying, loading, the error, the end of the feed, or how to load more.
  private func renderStatus(in row: Rect, into frame: inout Frame) {
    let origin = Point(x: row.minX, y: row.minY)
    if let progress = state.retryProgress, state.isFetching {
      // The feed is narrow: a shorter form of the post panel's retry line.
      Countdown(until: progress.nextAttemptDate, style: Theme.warning) { timeLeft in
        "failed \(progress.failedAttempts) of \(progress.attemptLimit) · retry in \(timeLeft)"
      }.render(in: row, into: &frame)
    } else if state.isFetching {
      let label =
        state.isFetchingInitialPage
        ? "Loading posts…" : state.isRefetchingAllPages ? "Refreshing…" : "Loading more…"
      Spinner(startedAt: Theme.spinnerEpoch, label: label).render(in: row, into: &frame)
    } else if state.status == .failure, let error = state.error {
      frame.write(
        "⚠ \(Describe.failure(error)) — m to retry", at: origin, style: Theme.error, clip: row)
    } else if let total, !state.hasNextPage {
      frame.write("All \(total) posts loaded", at: origin, style: .dim, clip: row)
    } else if !state.pages.isEmpty {
      frame.write("m loads more", at: origin, style: .dim, clip: row)
    }
  }
}

/// The feed's title filter: what is typed, and whether keys go to it.
struct FeedFilter {
  var text = TextFieldState()
  var isEditing = true

  /// Whether `post` matches: its title contains the text, ignoring case and accents.
  func matches(_ post: Post) -> Bool {
    let needle = text.text.trimmingCharacters(in: .whitespaces)
    guard !needle.isEmpty else { return true }
    return post.title.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
  }
}
