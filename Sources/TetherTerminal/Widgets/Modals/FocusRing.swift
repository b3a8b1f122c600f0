/// Which of a fixed number of controls has focus; Tab and Shift-Tab cycle through them.
///
/// ```swift
/// var focus = FocusRing(count: 3)          // title, body, submit button
/// if case .key(let key) = event, focus.handle(key) { return .handled }
/// TextField(isFocused: focus.isFocused(0))...
/// ```
public struct FocusRing: Hashable, Sendable {
  public let count: Int
  public private(set) var index: Int

  /// A ring of `count` controls, control `index` focused.
  public init(count: Int, index: Int = 0) {
    self.count = max(1, count)
    self.index = max(0, min(index, self.count - 1))
  }

  /// Whether control `control` has the focus.
  public func isFocused(_ control: Int) -> Bool { control == index }

  /// Focuses control `control`, clamped to the ring.
  public mutating func focus(_ control: Int) {
    index = max(0, min(control, count - 1))
  }

  /// Tab moves forward, Shift-Tab back, both wrapping.
  ///
  /// - Returns: whether the key moved focus.
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .tab: index = (index + 1) % count
    case .shiftTab: index = (index + count - 1) % count
    default: return false
    }
    return true
  }
}
