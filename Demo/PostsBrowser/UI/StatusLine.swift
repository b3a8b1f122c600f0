import Foundation
import TetherDevtools
import TetherTerminal

/// The status bar: which side injects faults and every fault it injects, requests in flight,
/// whether the feed is the cached one (and how old), a labelled sparkline of the latest
/// requests (a click opens the network log), and how many stores the client holds.
struct StatusLine {
  /// The faults of `f`, `L` and the faults dialog: the server's, or the client's with `--url`.
  let faults: any FaultTarget
  /// The client-side "fail the next requests of this store".
  let storeFaults: any StoreFaultTarget
  let activity: RequestActivity.Snapshot
  let storeCount: Int
  /// When the feed on screen was fetched, while it is the one restored from the cache.
  var feedCachedAt: Date? = nil
  var now = Date()
  /// Whether the `--url` server stopped answering (requests wait, new posts are queued).
  var serverIsUnreachable = false
  /// The devtools' mock offline (`W`): `offline (mocked)`.
  var offlineStatus: String? = nil
  /// How many writes wait for the server (``QueuedWrites``).
  var queuedWrites = 0

  /// Draws the bar; returns where the sparkline went, if it fit.
  @discardableResult
  func render(in rect: Rect, into frame: inout Frame) -> Rect? {
    let bar = Theme.statusBar
    let plan = faults.plan
    var left = [Segment(" \(faults.side.rawValue): ", style: bar)]
    let storeParts = storeFaults.storeFailures.filter { $0.value > 0 }
      .sorted { $0.key.description < $1.key.description }
      .map { "fail next \($0.value) of \($0.key.label)" }
    let sameSide = storeFaults.side == faults.side
    let summary = plan.summary + (sameSide ? storeParts : [])
    if summary.isEmpty {
      // Without faults, room for what matters more now.
      let pressing =
        serverIsUnreachable || feedCachedAt != nil || offlineStatus != nil || queuedWrites > 0
      left = pressing ? [] : left + [Segment("no faults ", style: bar)]
    }
    for (index, part) in summary.enumerated() {
      let style =
        part.hasPrefix("latency")
        ? bar.foreground(.yellow).adding(.bold)
        : part.hasPrefix("only") ? bar : bar.foreground(.red).adding(.bold)
      left.append(Segment(part + (index == summary.count - 1 ? " " : ""), style: style))
      if index < summary.count - 1 { left.append(Segment(" · ", style: bar)) }
    }
    if !sameSide, let stores = storeFaults.statusText {
      left.append(Segment("· \(stores) ", style: bar.foreground(.red).adding(.bold)))
    }
    let inFlightIndex = left.count
    left.append(
      Segment((left.isEmpty ? " " : "· ") + "\(activity.inFlight) in flight ", style: bar))
    if let offlineStatus {
      left.append(Segment("· ", style: bar))
      left.append(Segment(offlineStatus + " ", style: bar.foreground(.yellow).adding(.bold)))
    }
    if serverIsUnreachable {
      left.append(Segment("· ", style: bar))
      left.append(Segment("server not answering ", style: bar.foreground(.red).adding(.bold)))
    }
    if queuedWrites > 0 {
      left.append(Segment("· ", style: bar))
      let writes = queuedWrites == 1 ? "1 write queued " : "\(queuedWrites) writes queued "
      left.append(Segment(writes, style: bar.foreground(.yellow).adding(.bold)))
    }
    if let feedCachedAt {
      left.append(Segment("· ", style: bar))
      left.append(
        Segment(
          "from cache · \(Describe.age(since: feedCachedAt, now: now)) ",
          style: bar.foreground(.yellow).adding(.bold)))
    }
    let right = [Segment(" \(storeCount) stores · ? help ", style: bar)]
    var statusBar = StatusBar(left: left, right: right, style: bar)
    // Too narrow for all of it: "0 in flight" gives way, so that the cache's age is whole.
    if activity.inFlight == 0, inFlightIndex < left.count - 1,
      !statusBar.leftFits(inWidth: rect.width)
    {
      statusBar.left.remove(at: inFlightIndex)
      if inFlightIndex == 0 { statusBar.left[0] = Segment(" ", style: bar) }
    }
    statusBar.render(in: rect, into: &frame)
    let leftWidth = statusBar.leftWidth
    let label = "requests "
    // After the left text and a space, up to the bar's own gap before the right side.
    let room = statusBar.leftRoom(inWidth: rect.width) - leftWidth - 1 - label.count
    guard room >= 8 else { return nil }
    let width = min(room, 40, max(1, activity.recent.count))
    let labelAt = Point(x: rect.minX + leftWidth + 1, y: rect.minY)
    frame.write(label, at: labelAt, style: bar.adding(.dim), clip: rect)
    let area = Rect(x: labelAt.x + label.count, y: rect.minY, width: width, height: 1)
    Sparkline(samples: activity.recent).render(in: area, into: &frame, style: bar)
    return Rect(x: labelAt.x, y: rect.minY, width: label.count + width, height: 1)
  }
}
