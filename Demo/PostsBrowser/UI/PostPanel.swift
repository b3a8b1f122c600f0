import Foundation
import TetherCore
import TetherHTTP
import TetherTerminal

/// The selected post on the right: title, author, tags, reactions, views and the wrapped
/// body, with what its query is doing — loading, refreshing, stale, retrying, failed.
struct PostPanel {
  let postID: Int?
  let post: QueryState<Post, HTTPError>?
  let author: QueryState<User, HTTPError>?
  let isFocused: Bool

  /// Draws the panel; `scroll` is how many body lines are scrolled away (clamped here).
  func render(in rect: Rect, into frame: inout Frame, scroll: inout Int) {
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
    if let progress = post.retryProgress, post.isFetching {
      Countdown(
        until: progress.nextAttemptDate, style: Theme.warning, label: Describe.retry(progress)
      )
      .render(in: area.row(0), into: &frame)
      area = area.inset(top: 1)
    } else if post.status == .failure, let error = post.error {
      let message = "Couldn't load post #\(postID): \(Describe.failure(error)) — press r to retry"
      let lines = TextLayout.wrap(message, toWidth: area.width)
      for (index, line) in lines.prefix(3).enumerated() {
        frame.write(
          line, at: Point(x: area.minX, y: area.minY + index), style: Theme.error, clip: area)
      }
      area = area.inset(top: min(3, lines.count) + 1)
    }
    guard let value = post.currentValue else {
      if post.isFetching && post.retryProgress == nil {
        Spinner(startedAt: Theme.spinnerEpoch, label: "Loading post #\(postID)…")
          .render(in: area.row(0), into: &frame)
      }
      return
    }
    let lines = content(of: value, width: area.width)
    scroll = max(0, min(scroll, lines.count - area.height))
    for (row, line) in lines.dropFirst(scroll).prefix(area.height).enumerated() {
      frame.write(
        line.text, at: Point(x: area.minX, y: area.minY + row), style: line.style, clip: area)
    }
  }

  private func title(at now: Date) -> String {
    guard let postID else { return "Post" }
    var title = "Post #\(postID)"
    guard let post else { return title }
    if post.isRefetching && post.hasValue {
      title += " · refreshing"
    } else if post.hasValue && post.isStale(at: now) {
      title += " · stale"
    }
    return title
  }

  /// The post as styled lines of at most `width` columns.
  private func content(of post: Post, width: Int) -> [(text: String, style: Style)] {
    var lines: [(String, Style)] = []
    lines += TextLayout.wrap(post.title, toWidth: width).map { ($0, Theme.title) }
    lines.append((byline(for: post), .dim))
    if !post.tags.isEmpty {
      let tags = post.tags.map { "#\($0)" }.joined(separator: " ")
      lines += TextLayout.wrap(tags, toWidth: width).map { ($0, Theme.tag) }
    }
    lines.append(
      ("▲ \(post.reactions.likes) likes   ▼ \(post.reactions.dislikes) dislikes", .plain))
    lines.append(("", .plain))
    lines += TextLayout.wrap(post.body, toWidth: width).map { ($0, .plain) }
    return lines
  }

  private func byline(for post: Post) -> String {
    let name: String
    if let user = author?.currentValue, user.id == post.userId {
      name = "\(user.fullName) (@\(user.username))"
    } else if author?.status == .failure {
      name = "user #\(post.userId)"
    } else {
      name = "…"
    }
    return "by \(name) · \(post.views) views"
  }
}
