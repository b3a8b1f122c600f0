/// A mouse event in cell coordinates (0-based, from the top left of the screen).
///
/// Apps map it to what they drew with ``Rect/contains(_:)``, ``HitMap`` and the widget states'
/// hit tests (``ListState/index(at:)``, ``TreeState/node(at:)``, ``ScrollState/line(at:)``):
///
/// ```swift
/// case .mouse(let mouse) where mouse.isPrimaryPress:
///   if let row = feed.index(at: mouse.position) { feed.select(row, count: posts.count) }
/// ```
public struct MouseEvent: Hashable, Sendable {
  /// A mouse button.
  public enum Button: Hashable, Sendable {
    case left, middle, right
  }

  /// What the mouse did.
  public enum Kind: Hashable, Sendable {
    /// A button went down: what apps treat as a click.
    case press(Button)
    /// A button came up.
    case release(Button)
    /// The wheel turned away from the user (content moves down, earlier lines show).
    case scrollUp
    /// The wheel turned towards the user.
    case scrollDown
  }

  public var kind: Kind
  public var position: Point
  /// Shift, Alt and Ctrl as the terminal reported them (many terminals keep Shift-click for
  /// their own selection).
  public var modifiers: Key.Modifiers

  /// A mouse event of `kind` at cell `position`, with `modifiers` held.
  public init(_ kind: Kind, at position: Point, modifiers: Key.Modifiers = []) {
    self.kind = kind
    self.position = position
    self.modifiers = modifiers
  }

  /// Whether this is a left-button press: a click.
  public var isPrimaryPress: Bool { kind == .press(.left) }

  /// Lines to scroll for a wheel event (3 per notch, negative upwards), 0 for others.
  public var scrollDelta: Int {
    switch kind {
    case .scrollUp: -3
    case .scrollDown: 3
    default: 0
    }
  }
}

extension MouseEvent.Kind: CustomStringConvertible {
  /// `click left`, `release right`, `wheel up`, `wheel down`.
  public var description: String {
    switch self {
    case .press(let button): "click \(button)"
    case .release(let button): "release \(button)"
    case .scrollUp: "wheel up"
    case .scrollDown: "wheel down"
    }
  }
}
