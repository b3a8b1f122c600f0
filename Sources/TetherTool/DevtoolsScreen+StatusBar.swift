import Foundation
import TetherDevtools
import TetherTerminal

/// The status bar: what the devtools show (attached, detached, a replay's cursor), the faults
/// the process injects, and how many stores and requests there are.
extension DevtoolsScreen {
  /// What the devtools show, and how it stands.
  var statusBar: StatusBar {
    let status = source.status
    var left: [Segment] = []
    if let replay {
      let mode = playing != nil ? "▶ playing" : "❚❚ paused"
      left.append(
        Segment(
          " \(status?.text ?? "replay") ",
          style: Style(foreground: .black, background: .cyan, attributes: .bold)))
      left.append(
        Segment(" \(mode) \(Self.clock(replay.time)) / \(Self.clock(replay.contents.duration))"))
      left.append(Segment(" · \(Self.wallClock(replay.date))"))
      // The faults injected then, as the recording says.
      if let faults = replay.faults, let side = faults.side, faults.plan.isActive {
        left.append(
          Segment(
            " · \(side.rawValue): " + faults.plan.summary.joined(separator: " · "),
            style: Style(foreground: .red, attributes: .bold)))
      }
    } else if let status, status.isDetached {
      left.append(
        Segment(
          " \(status.text) ", style: Style(foreground: .white, background: .red, attributes: .bold))
      )
      left.append(Segment(" last state kept · q quits"))
    } else {
      left.append(
        Segment(
          " ● \(status?.text ?? "attached") ",
          style: Style(foreground: .black, background: .green, attributes: .bold)))
      // What the process injects, after what it is: on a narrow bar it is cut first.
      let faults = [devtools.faults?.statusText, devtools.storeFaults?.statusText]
        .compactMap { $0 }
      if !faults.isEmpty {
        left.append(
          Segment(
            " " + faults.joined(separator: " · "),
            style: Style(foreground: .red, attributes: .bold)))
      }
    }
    var right: [Segment] = []
    let resyncs = source.resyncs
    if resyncs > 0 {
      right.append(
        Segment("fell behind \(resyncs)× ", style: Style(foreground: .yellow, attributes: .bold)))
    }
    right.append(
      Segment("\(state.catalog.records.count) stores · \(source.network.records.count) requests "))
    return StatusBar(left: left, right: right, style: .reverse)
  }

  /// `01:05.250`.
  static func clock(_ seconds: Double) -> String {
    let milliseconds = Int((seconds * 1000).rounded())
    return String(
      format: "%02d:%02d.%03d", milliseconds / 60_000, milliseconds / 1000 % 60, milliseconds % 1000
    )
  }

  static func wallClock(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss.SSS"
    return formatter.string(from: date)
  }
}
