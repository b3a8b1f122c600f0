import TetherCore
import TetherHTTP
import TetherTerminal

/// The comments under a post in the post panel, as styled lines: a heading with how many are
/// shown, each comment's author, likes and wrapped text, and what the comments' store is
/// doing — loading, retrying, failed (with how to retry), or how to load more.
struct CommentLines {
  let comments: PaginatedState<Int, CommentsPage, HTTPError>
  /// How to retry the first page from where the user is: `r to retry`.
  let retryHint: String
  /// The comment selected while the comments have focus: marked `›` and highlighted.
  var selectedID: Int?

  /// The lines, at most `width` columns each, and the rows of each comment among them (its
  /// byline and text), so that the panel scrolls to keep the selected one in sight and a
  /// click on a comment selects it.
  func lines(width: Int) -> (
    lines: [(text: String, style: Style)], rows: [(id: Int, rows: Range<Int>)]
  ) {
    var rows: [(id: Int, rows: Range<Int>)] = []
    let loaded = comments.pages.flatMap(\.value.comments)
    let total = comments.pages.last?.value.total
    var lines: [(String, Style)] = [("", .plain)]
    let heading =
      if let total, total > 0 { "Comments · \(loaded.count) of \(total)" } else { "Comments" }
    lines.append((TextLayout.truncate(heading, toWidth: width), Theme.title))
    func note(_ text: String, _ style: Style) {
      lines += TextLayout.wrap(text, toWidth: width).map { ($0, style) }
    }
    if comments.pages.isEmpty {
      if let progress = comments.retryProgress, comments.isFetching {
        note(
          "Loading comments… attempt \(progress.failedAttempts + 1) after "
            + Describe.failure(progress.lastFailure), Theme.warning)
      } else if comments.isFetching {
        note("Loading comments…", .dim)
      } else if comments.status == .failure, let error = comments.error {
        note(
          "Couldn't load the comments\(PostPanel.attempts(comments.failureCount)): "
            + "\(Describe.failure(comments.failureReason ?? error)) — \(retryHint)", Theme.error)
      }
      return (lines, rows)
    }
    if loaded.isEmpty { note("No comments yet", .dim) }
    for comment in loaded {
      let author = "@" + Post.shown(comment.user.username, limit: 40)
      let likes =
        comment.id == CommentsPage.pendingID
        ? "sending…" : comment.likes == 1 ? "1 like" : "\(comment.likes) likes"
      let isSelected = comment.id == selectedID
      let first = lines.count
      let byline = (isSelected ? "› " : "") + "\(author) · \(likes)"
      lines.append((TextLayout.truncate(byline, toWidth: width), isSelected ? .reverse : .dim))
      note(Post.shown(comment.body, limit: 2000), isSelected ? .bold : .plain)
      rows.append((comment.id, first..<lines.count))
    }
    if comments.isFetchingNextPage {
      note("Loading more comments…", .dim)
    } else if let error = comments.nextPageError {
      note(
        "Couldn't load more comments: \(Describe.failure(error)) — m to retry", Theme.error)
    } else if comments.hasNextPage {
      note("m more comments", .dim)
    }
    return (lines, rows)
  }
}
