import Foundation
import PostsService
import TetherTerminal

/// The status bar: the server's faults, requests in flight, whether the feed is the cached
/// one (and how old), a sparkline of the latest requests, and how many stores the client
/// holds.
struct StatusLine {
  let faults: FaultSettings?
  let activity: RequestActivity.Snapshot
  let storeCount: Int
  /// When the feed on screen was fetched, while it is the one restored from the cache.
  var feedCachedAt: Date? = nil
  var now = Date()
  /// Whether the `--url` server stopped answering (requests wait, new posts are queued).
  var serverIsUnreachable = false

  func render(in rect: Rect, into frame: inout Frame) {
    let bar = Theme.statusBar
    var left: [Segment]
    if let faults {
      let failing = faults.failureRate > 0
      left = [
        Segment(
          " fail \(Describe.percentage(faults.failureRate)) ",
          style: failing ? bar.foreground(.red).adding(.bold) : bar),
        Segment("· ", style: bar),
        Segment(
          "latency \(Describe.latency(faults.latency)) ",
          style: faults.latency > .zero ? bar.foreground(.yellow).adding(.bold) : bar),
      ]
    } else if serverIsUnreachable || feedCachedAt != nil {
      // Room for what matters more now.
      left = [Segment(" --url ", style: bar.adding(.dim))]
    } else {
      left = [Segment(" faults unavailable (--url) ", style: bar.adding(.dim))]
    }
    left.append(Segment("· \(activity.inFlight) in flight ", style: bar))
    if serverIsUnreachable {
      left.append(Segment("· ", style: bar))
      left.append(Segment("server not answering ", style: bar.foreground(.red).adding(.bold)))
    }
    if let feedCachedAt {
      left.append(Segment("· ", style: bar))
      left.append(
        Segment(
          "from cache · \(Describe.age(since: feedCachedAt, now: now)) ",
          style: bar.foreground(.yellow).adding(.bold)))
    }
    let right = [Segment(" \(storeCount) stores · ? help ", style: bar)]
    StatusBar(left: left, right: right, style: bar).render(in: rect, into: &frame)
    let leftWidth = left.reduce(0) { $0 + DisplayWidth.of($1.text) }
    let rightWidth = right.reduce(0) { $0 + DisplayWidth.of($1.text) }
    let room = rect.width - leftWidth - rightWidth - 2
    guard room >= 8 else { return }
    let width = min(room, 40)
    let area = Rect(x: rect.minX + leftWidth + 1, y: rect.minY, width: width, height: 1)
    Sparkline(samples: activity.recent).render(in: area, into: &frame, style: bar)
  }
}
