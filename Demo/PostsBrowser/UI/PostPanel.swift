import Foundation
import TetherCore
import TetherHTTP
import TetherTerminal

/// The selected post on the right: title, author, tags, reactions, views, the wrapped
/// body and its comments, with what its query is doing — loading, refreshing, stale, waiting, retrying, failed.
///
/// Until the post's own store has a value, its placeholder — the feed's copy of the post — is
/// shown at once, marked refreshing while the detail loads; retries and failures keep whatever
/// content there is and say what happened in a line above it.
struct PostPanel {
  let postID: Int?
  let post: QueryState<Post, HTTPError>?
  let author: QueryState<User, HTTPError>?
  /// The post's comments, listed under its body.
  let comments: PaginatedState<Int, CommentsPage, HTTPError>?
  /// When the oldest request for the post still in flight was sent.
  let waitingSince: Date?
  /// How to retry from where the user is: `r to retry`.
  let retryHint: String
  let isFocused: Bool
  /// The comment selected while the comments have focus; the panel scrolls to keep it shown.
  var selectedCommentID: Int?

  /// Draws the panel; `scroll` is how many body lines are scrolled away (clamped here), and
  /// `comments` gets where each comment on screen was drawn, for clicks.
  func render(
    in rect: Rect, into frame: inout Frame, scroll: inout Int, comments: inout HitMap<Int>
  ) {
    let border = Border(
      title: title(at: frame.now), style: isFocused ? Theme.focusedBorder : Theme.border,
      titleStyle: isFocused ? Theme.title.foreground(.cyan) : Theme.title
    )
    border.render(in: rect, into: &frame)
    let inner = border.inner(of: rect)
    guard let postID, let post else {
      frame.write(
        "No post selected", at: Point(x: inner.minX, y: inner.minY), style: .dim, clip: inner)
      return
    }
    if let staleDate = post.staleDate, staleDate > frame.now { frame.redraw(at: staleDate) }
    var area = inner
    let value = post.valueOrPlaceholder
    if post.isPaused {
      // Wrapped, so that a narrow panel shows the whole note rather than a cut one.
      let lines = TextLayout.wrap(
        "Offline: the request waits for the network or the server", toWidth: area.width)
      for (index, line) in lines.prefix(2).enumerated() {
        frame.write(
          line, at: Point(x: area.minX, y: area.minY + index), style: Theme.warning, clip: area)
      }
      area = area.inset(top: min(2, lines.count))
    } else if let progress = post.retryProgress, post.isFetching {
      if let sent = progress.nextAttemptStartDate {
        frame.write(
          Describe.sending(progress, since: sent, at: frame.now, width: area.width),
          at: Point(x: area.minX, y: area.minY), style: Theme.warning, clip: area.row(0))
        frame.redraw(at: FeedPanel.nextSecond(after: frame.now, since: sent))
      } else {
        Countdown(
          until: progress.nextAttemptDate, style: Theme.warning,
          label: Describe.retry(progress, width: area.width)
        )
        .render(in: area.row(0), into: &frame)
      }
      area = area.inset(top: 1)
    } else if post.status == .failure, !post.isFetching, let error = post.error {
      let message =
        "Couldn't load post #\(postID)\(Self.attempts(post.failureCount)): "
        + "\(Describe.failure(post.failureReason ?? error)) — \(retryHint)"
      let lines = TextLayout.wrap(message, toWidth: area.width)
      for (index, line) in lines.prefix(3).enumerated() {
        frame.write(
          line, at: Point(x: area.minX, y: area.minY + index), style: Theme.error, clip: area)
      }
      area = area.inset(top: min(3, lines.count) + 1)
    } else if post.isFetching {
      var label = value == nil ? "Loading post #\(postID)…" : "Refreshing…"
      if let waiting = waitingLine(at: frame.now, into: &frame) { label += " " + waiting }
      if value == nil {
        Spinner(startedAt: Theme.spinnerEpoch, label: label).render(in: area.row(0), into: &frame)
        return
      }
      if label != "Refreshing…" {
        frame.write(
          label, at: Point(x: area.minX, y: area.minY), style: Theme.warning, clip: area.row(0))
        area = area.inset(top: 1)
      }
    }
    guard let value else { return }
    let (lines, commentRows) = content(of: value, width: area.width)
    if let selectedRows = commentRows.first(where: { $0.id == selectedCommentID })?.rows {
      // The selected comment in sight: its first line at least, all of it when it fits.
      scroll = min(scroll, selectedRows.lowerBound)
      scroll = max(scroll, min(selectedRows.upperBound - area.height, selectedRows.lowerBound))
    }
    scroll = max(0, min(scroll, lines.count - area.height))
    for (id, rows) in commentRows {
      let top = max(rows.lowerBound - scroll, 0)
      let bottom = min(rows.upperBound - scroll, area.height)
      guard top < bottom else { continue }
      comments.add(
        id, Rect(x: area.minX, y: area.minY + top, width: area.width, height: bottom - top))
    }
    for (row, line) in lines.dropFirst(scroll).prefix(area.height).enumerated() {
      frame.write(
        line.text, at: Point(x: area.minX, y: area.minY + row), style: line.style, clip: area)
    }
    // What does not fit is said on the bottom border, so that the rest is looked for.
    MoreBelow(
      count: lines.count - scroll - area.height,
      style: isFocused ? Theme.title.foreground(.cyan) : Theme.title
    ).render(in: rect, into: &frame)
  }

  /// `waiting for the server · 3 s` once the request has waited a second, ticking each second.
  private func waitingLine(at now: Date, into frame: inout Frame) -> String? {
    guard let waitingSince else { return nil }
    guard now.timeIntervalSince(waitingSince) >= 1 else {
      frame.redraw(at: waitingSince.addingTimeInterval(1))
      return nil
    }
    frame.redraw(at: FeedPanel.nextSecond(after: now, since: waitingSince))
    return Describe.waiting(since: waitingSince, at: now)
  }

  /// ` after 4 attempts`, or nothing for one.
  static func attempts(_ count: Int) -> String {
    count > 1 ? " after \(count) attempts" : ""
  }

  private func title(at now: Date) -> String {
    guard let postID else { return "Post" }
    var title = "Post #\(postID)"
    guard let post else { return title }
    if post.isFetching && post.valueOrPlaceholder != nil {
      title += " · refreshing"
    } else if post.hasValue && post.isStale(at: now) {
      title += " · stale"
    }
    return title
  }

  /// The post as styled lines of at most `width` columns, and the rows of each comment.
  private func content(of post: Post, width: Int)
    -> (lines: [(text: String, style: Style)], comments: [(id: Int, rows: Range<Int>)])
  {
    var lines: [(String, Style)] = []
    lines += TextLayout.wrap(post.shownTitle, toWidth: width).map { ($0, Theme.title) }
    lines.append((TextLayout.truncate(byline(for: post), toWidth: width), .dim))
    if let problem = authorProblem {
      lines += TextLayout.wrap(problem, toWidth: width).map { ($0, Theme.error) }
    }
    if !post.tags.isEmpty {
      let tags = post.shownTags.map { "#\($0)" }.joined(separator: " ")
      lines += TextLayout.wrap(tags, toWidth: width).map { ($0, Theme.tag) }
    }
    lines.append(
      ("▲ \(post.reactions.likes) likes   ▼ \(post.reactions.dislikes) dislikes", .plain))
    lines.append(("", .plain))
    lines += TextLayout.wrap(post.shownBody, toWidth: width).map { ($0, .plain) }
    guard let comments else { return (lines, []) }
    let offset = lines.count
    let (commentLines, rows) = CommentLines(
      comments: comments, retryHint: retryHint, selectedID: selectedCommentID
    ).lines(width: width)
    lines += commentLines
    return (
      lines, rows.map { ($0.id, (offset + $0.rows.lowerBound)..<(offset + $0.rows.upperBound)) }
    )
  }

  private func byline(for post: Post) -> String {
    let name: String
    if let user = author?.currentValue, user.id == post.userId {
      name = "\(Post.shown(user.fullName, limit: 80)) (@\(Post.shown(user.username, limit: 40)))"
    } else if author?.status == .failure, author?.isFetching == false {
      name = "user #\(post.userId)"
    } else {
      name = "…"
    }
    return "by \(name) · \(post.views) views"
  }

  /// Why the author is not shown, when its last load failed.
  private var authorProblem: String? {
    guard let author, author.status == .failure, !author.isFetching, let error = author.error
    else { return nil }
    return "⚠ Couldn't load the author\(Self.attempts(author.failureCount)): "
      + "\(Describe.failure(author.failureReason ?? error)) — \(retryHint)"
  }
}
