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
}

extension Theme {
  /// Spinners count their frames from this fixed date, so they turn steadily across frames
  /// without anyone remembering when the work started.
  static let spinnerEpoch = Date(timeIntervalSinceReferenceDate: 0)
}
