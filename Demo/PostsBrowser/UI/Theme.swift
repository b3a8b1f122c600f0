import Foundation
import TetherCore
import TetherTerminal

/// The browser's colours and marks in one place.
enum Theme {
  static let title = Style.bold
  static let dim = Style.dim
  static let focusedBorder = Style(foreground: .cyan)
  static let border = Style.dim
  static let warning = Style(foreground: .yellow, attributes: .bold)
  static let error = Style(foreground: .red, attributes: .bold)
  static let success = Style(foreground: .green)
  static let tag = Style(foreground: .cyan)
  static let statusBar = Style.reverse

  /// The colour of a store's status in the store panel.
  static func style(for snapshot: OperationSnapshot) -> Style {
    if snapshot.retryProgress != nil || snapshot.fetchStatus == .paused { return warning }
    if snapshot.fetchStatus == .fetching { return Style(foreground: .cyan) }
    switch snapshot.status {
    case .failure: return error
    case .success: return snapshot.isStale ? Style(foreground: .yellow) : success
    case .pending: return dim
    }
  }

  /// The word for a store's status: retry, paused, loading, error, stale, ok or idle.
  static func label(for snapshot: OperationSnapshot) -> String {
    if snapshot.retryProgress != nil { return "retry" }
    if snapshot.fetchStatus == .paused { return "paused" }
    if snapshot.fetchStatus == .fetching { return "loading" }
    switch snapshot.status {
    case .failure: return "error"
    case .success: return snapshot.isStale ? "stale" : "ok"
    case .pending: return "idle"
    }
  }
}

extension Theme {
  /// Spinners count their frames from this fixed date, so they turn steadily across frames
  /// without anyone remembering when the work started.
  static let spinnerEpoch = Date(timeIntervalSinceReferenceDate: 0)
}
