import TetherTerminal

/// The filter of a devtools list — the store view, the network log, the event log: its text,
/// whether keys go to it, and its keys, in one place. `/` starts typing; while typing, Esc
/// clears the filter and stops, Enter or ↓ keep it and stop, every other key edits the text.
///
/// ```swift
/// if filter.isEditing { return filter.handle(event) }
/// if case .key("/") = event { filter.begin() }
/// ```
public struct FilterField: Sendable, Hashable {
  /// The text typed, with its cursor.
  public var field = TextFieldState()
  /// Whether keys go to the field.
  public private(set) var isEditing = false

  /// An empty filter, not being typed in.
  public init() {}

  /// An empty filter with `text`, not being typed in: a filter set without typing.
  ///
  /// - Parameter text: the filter's text.
  public init(text: String) {
    field = TextFieldState(text: text)
  }

  /// The filter's text.
  public var text: String { field.text }

  /// The text without surrounding spaces, lowercased: what rows are matched against.
  public var needle: String { text.trimmingCharacters(in: .whitespaces).lowercased() }

  /// Whether it filters anything: some text, typed or kept.
  public var isActive: Bool { !field.text.isEmpty }

  /// `/`: keys go to the field from now on.
  public mutating func begin() {
    isEditing = true
  }

  /// Empties the field (Esc on a list with a kept filter).
  public mutating func clear() {
    field = TextFieldState()
  }

  /// A key or paste while typing: Esc clears and stops, Enter or ↓ keep the text and stop,
  /// anything else edits it. Returns whether the event was used.
  ///
  /// - Parameter event: the event, given only while ``isEditing``.
  public mutating func handle(_ event: Event) -> Bool {
    switch event {
    case .key(.escape):
      clear()
      isEditing = false
    case .key(.enter), .key(.down):
      isEditing = false
    default:
      return field.handle(event)
    }
    return true
  }

  /// Draws the filter's line in `rect` (one row): `/`, the field with `placeholder` while it
  /// is empty, and `note` (a match count, a mode) at the right end.
  ///
  /// - Parameters:
  ///   - rect: where it goes.
  ///   - frame: the frame drawn into.
  ///   - placeholder: what an empty field says.
  ///   - note: what the line ends with; nil for nothing, and the field takes the whole rest.
  ///   - noteStyle: the style of `note`.
  public mutating func render(
    in rect: Rect, into frame: inout Frame, placeholder: String, note: String? = nil,
    noteStyle: Style = .plain
  ) {
    frame.write("/", at: Point(x: rect.minX, y: rect.minY), style: .bold, clip: rect)
    let noteWidth = note.map { DisplayWidth.of($0) + 1 } ?? 0
    TextField(placeholder: placeholder, isFocused: isEditing)
      .render(in: rect.inset(left: 2, right: noteWidth), into: &frame, state: &field)
    if let note {
      frame.write(
        note, at: Point(x: rect.maxX - noteWidth + 1, y: rect.minY), style: noteStyle, clip: rect)
    }
  }
}
