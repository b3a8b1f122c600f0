import Foundation

/// A stretch of time on a ``Timeline`` row: a run, an attempt, a wait between attempts. One
/// without an end is live: it reaches the timeline's "now" edge and grows while drawn.
public struct TimelineSpan: Hashable, Sendable {
  public var start: Date
  /// When it ended; nil while it is still going.
  public var end: Date?
  public var style: Style
  /// The character the bar is drawn with (`█` for work, `░` for a wait).
  public var fill: Character
  /// Drawn inside the bar when it fits (`attempt 2`, `500`).
  public var label: String?

  /// A span from `start` to `end` (nil: still running, up to now), drawn with `fill`, with an
  /// optional `label`.
  public init(
    from start: Date, to end: Date?, style: Style = Style(foreground: .cyan),
    fill: Character = "█", label: String? = nil
  ) {
    self.start = start
    self.end = end
    self.style = style
    self.fill = fill
    self.label = label
  }

  /// Whether the span is still going.
  public var isLive: Bool { end == nil }
}

/// An instant on a ``Timeline`` row: a failure, a yielded value, a result.
public struct TimelineMarker: Hashable, Sendable {
  public var date: Date
  public var symbol: Character
  public var style: Style

  /// A marker `symbol` at `date`, in `style`.
  public init(at date: Date, symbol: Character, style: Style = .bold) {
    self.date = date
    self.symbol = symbol
    self.style = style
  }

  /// `✖` in red: an attempt failed here.
  public static func failure(at date: Date) -> TimelineMarker {
    TimelineMarker(at: date, symbol: "✖", style: Style(foreground: .red, attributes: .bold))
  }

  /// `◆`: a value was yielded here (a multi-stage result).
  public static func yield(at date: Date) -> TimelineMarker {
    TimelineMarker(at: date, symbol: "◆", style: Style(foreground: .yellow, attributes: .bold))
  }

  /// `✔` in green: the run succeeded here.
  public static func success(at date: Date) -> TimelineMarker {
    TimelineMarker(at: date, symbol: "✔", style: Style(foreground: .green, attributes: .bold))
  }
}

/// One row of a ``Timeline``: a label on the left, spans and markers on the shared time axis,
/// and an optional detail on the right (a duration, a status).
public struct TimelineRow: Hashable, Sendable {
  public var label: String
  public var spans: [TimelineSpan]
  public var markers: [TimelineMarker]
  public var detail: String?
  public var style: Style?

  /// A row titled `label`, with its spans and markers, and `detail` at its right end.
  public init(
    _ label: String, spans: [TimelineSpan] = [], markers: [TimelineMarker] = [],
    detail: String? = nil, style: Style? = nil
  ) {
    self.label = label
    self.spans = spans
    self.markers = markers
    self.detail = detail
    self.style = style
  }
}
