import Foundation
import TetherCore
import TetherHTTP
import TetherTerminal

/// The feed on the left: the loaded posts' titles, "N of TOTAL", the filter, and a last line
/// that says what the feed is doing and where the selection is ("12 of 20 loaded · 251").
struct FeedPanel {
  let state: PaginatedState<Int, PostsPage, HTTPError>
  /// The posts shown: every loaded post, or those matching the filter.
  let posts: [Post]
  let filter: FeedFilter?
  let isFocused: Bool
  /// Posts changed elsewhere (another client, `curl`) since launch: marked `✎` until opened.
  var changedElsewhere: Set<Int> = []
  /// When the oldest request for a page still in flight was sent.
  let waitingSince: Date?
  /// Whether the terminal has focus: a feed paused while it has not waits for focus (its
  /// retries do), not for the network.
  var hasTerminalFocus = true
  /// Writes waiting for the server: new posts are shown above the list, where they will land,
  /// and edited posts are marked.
  var queued = QueuedWrites()

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
    if !queued.creations.isEmpty, filter == nil {
      let shown = min(queued.creations.count, max(0, rows[0].height - 3))
      let parts = rows[0].rows([.fixed(shown), .fill])
      for (index, draft) in queued.creations.suffix(shown).reversed().enumerated() {
        let row = Rect(x: parts[0].minX, y: parts[0].minY + index, width: parts[0].width, height: 1)
        Self.writeQueued(Post.shown(draft.title, limit: 200), in: row, into: &frame)
      }
      rows[0] = parts[1]
    }
    let empty = state.pages.isEmpty ? nil : (filter == nil ? "No posts" : "No title matches")
    let selected = max(0, min(list.selection, posts.count - 1))
    let posts = posts
    ListView(count: posts.count, isFocused: isFocused, emptyMessage: empty) { index in
      ListItem(
        (changedElsewhere.contains(posts[index].id) ? "✎ " : "") + posts[index].shownTitle,
        detail: queued.edits[posts[index].id] == nil ? nil : "queued")
    }.render(in: rows[0], into: &frame, state: &list)
    renderStatus(in: rows[1], into: &frame, selected: selected)
  }

  /// A new post waiting to be sent: its title, dim, and "queued" on the right.
  private static func writeQueued(_ title: String, in row: Rect, into frame: inout Frame) {
    let mark = "queued"
    let room = row.width - 2 - DisplayWidth.of(mark) - 1
    guard room > 0 else { return }
    frame.write(
      "+ " + TextLayout.truncate(title, toWidth: room), at: Point(x: row.minX, y: row.minY),
      style: .dim, clip: row)
    frame.write(
      mark, at: Point(x: row.maxX - DisplayWidth.of(mark), y: row.minY), style: Theme.warning,
      clip: row)
  }

  private var total: Int? { state.pages.last?.value.total }

  private var loaded: Int { PostsModel.posts(in: state).count }

  private var title: String {
    guard let total else { return "Posts" }
    if let filter, !filter.text.text.isEmpty { return "Posts · \(posts.count) of \(loaded) match" }
    return "Posts · \(loaded) of \(total)"
  }

  /// Where the selection is: `12 of 20 loaded · 251` while more can load, `12 of 251` when all
  /// are loaded, `3 of 5 matches` while filtering.
  func position(selected: Int) -> String? {
    guard let total, !posts.isEmpty else { return nil }
    if let filter, !filter.text.text.isEmpty { return "\(selected + 1) of \(posts.count) matches" }
    return state.hasNextPage
      ? "\(selected + 1) of \(loaded) loaded · \(total)" : "\(selected + 1) of \(total)"
  }

  /// The last line: retrying, loading, the error (its hint kept whole), the end of the feed
  /// or how to load more — and the position, right-aligned, when it fits.
  private func renderStatus(in row: Rect, into frame: inout Frame, selected: Int) {
    guard !row.isEmpty else { return }
    let origin = Point(x: row.minX, y: row.minY)
    let position = position(selected: selected)
    if state.isPaused {
      let reason =
        hasTerminalFocus
        ? "Offline: waiting for the network or server" : "Paused until the terminal has focus"
      frame.write(
        TextLayout.truncate(reason, toWidth: row.width), at: origin, style: Theme.warning,
        clip: row)
    } else if let progress = state.retryProgress, state.isFetching {
      // The feed is narrow: a shorter form of the post panel's retry line, after the position
      // when the next page is what fails and both fit.
      let place = state.isFetchingNextPage ? position : nil
      let width = row.width
      if let sent = progress.nextAttemptStartDate {
        let seconds = Int(max(0, frame.now.timeIntervalSince(sent)))
        var line =
          "sending \(progress.failedAttemptsInSeries + 1) of \(progress.attemptLimitInSeries) · \(seconds) s"
        if let place, DisplayWidth.of(place) + 3 + DisplayWidth.of(line) <= width {
          line = place + " · " + line
        }
        frame.write(
          TextLayout.truncate(line, toWidth: width), at: origin, style: Theme.warning, clip: row)
        frame.redraw(at: Self.nextSecond(after: frame.now, since: sent))
        return
      }
      Countdown(until: progress.nextAttemptDate, style: Theme.warning) { timeLeft in
        let retry =
          "failed \(progress.failedAttemptsInSeries) of \(progress.attemptLimitInSeries) · retry in \(timeLeft)"
        guard let place, DisplayWidth.of(place) + 3 + DisplayWidth.of(retry) <= width else {
          return retry
        }
        return place + " · " + retry
      }.render(in: row, into: &frame)
    } else if state.isFetching {
      var label =
        state.isFetchingInitialPage
        ? "Loading posts…" : state.isRefetchingAllPages ? "Refreshing…" : "Loading more…"
      if let waitingSince, frame.now.timeIntervalSince(waitingSince) >= 1 {
        label += " waiting \(Int(frame.now.timeIntervalSince(waitingSince))) s"
        frame.redraw(at: Self.nextSecond(after: frame.now, since: waitingSince))
      } else if let waitingSince {
        frame.redraw(at: waitingSince.addingTimeInterval(1))
      }
      if state.isFetchingNextPage, let position {
        label = "\(position) · more…"
      }
      Spinner(startedAt: Theme.spinnerEpoch, label: label).render(in: row, into: &frame)
    } else if state.status == .failure, let error = state.error {
      let message = Describe.fitting(
        "⚠ \(Describe.failure(error))", suffix: " — m to retry", width: row.width)
      frame.write(message, at: origin, style: Theme.error, clip: row)
    } else if let total, !state.hasNextPage {
      let all = total == 1 ? "The 1 post loaded" : "All \(total) posts loaded"
      write(all, position: position, in: row, into: &frame)
    } else if !state.pages.isEmpty {
      write("m loads more", short: "m more", position: position, in: row, into: &frame)
    }
  }

  /// `text` on the left and `position` on the right, dim; when both do not fit, the position
  /// first and `short` after it (`4 of 20 loaded · 251 · m more`), or the position alone.
  private func write(
    _ text: String, short: String? = nil, position: String?, in row: Rect,
    into frame: inout Frame
  ) {
    let origin = Point(x: row.minX, y: row.minY)
    guard let position else {
      frame.write(text, at: origin, style: .dim, clip: row)
      return
    }
    let width = DisplayWidth.of(position)
    if DisplayWidth.of(text) + 2 + width <= row.width {
      frame.write(text, at: origin, style: .dim, clip: row)
      frame.write(position, at: Point(x: row.maxX - width, y: row.minY), style: .dim, clip: row)
    } else if let short, width + 3 + DisplayWidth.of(short) <= row.width {
      frame.write(position + " · " + short, at: origin, style: .dim, clip: row)
    } else {
      frame.write(position, at: origin, style: .dim, clip: row)
    }
  }

  /// The next whole second of waiting after `now`, for a "· 3 s" that ticks.
  static func nextSecond(after now: Date, since start: Date) -> Date {
    start.addingTimeInterval((now.timeIntervalSince(start)).rounded(.down) + 1)
  }
}

/// The feed's title filter: what is typed, whether keys go to it, and the post selected before
/// filtering (selected again while nothing matches, so Esc finds it).
struct FeedFilter {
  var text = TextFieldState()
  var isEditing = true
  var origin: Int?

  /// Whether `post` matches: its title contains the text, ignoring case and accents.
  func matches(_ post: Post) -> Bool {
    let needle = text.text.trimmingCharacters(in: .whitespaces)
    guard !needle.isEmpty else { return true }
    return post.shownTitle.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive])
      != nil
  }
}
