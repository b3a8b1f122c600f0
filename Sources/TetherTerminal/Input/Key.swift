/// A key press: a key code and the modifiers held.
///
/// Printable keys are `.character`; an uppercase letter is its own character, not Shift plus a
/// lowercase one. Ctrl-letter arrives as the lowercase letter with `.control`.
///
/// ```swift
/// switch key {
/// case .up, "k": state.moveUp()
/// case .ctrl("c"): return .quit
/// default: break
/// }
/// ```
public struct Key: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
  /// Which key: a character, an editing or movement key, or a function key.
  public enum Code: Hashable, Sendable {
    case character(Character)
    case enter, tab, backspace, delete, insert, escape
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1 is `.function(1)`.
    case function(Int)
  }

  /// The modifier keys held with a key.
  public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let alt = Modifiers(rawValue: 1 << 1)
    public static let control = Modifiers(rawValue: 1 << 2)
  }

  public var code: Code
  public var modifiers: Modifiers

  /// The key `code` with `modifiers` held.
  public init(_ code: Code, modifiers: Modifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }

  /// A printable key: `let key: Key = "q"`.
  public init(extendedGraphemeClusterLiteral character: Character) {
    self.init(.character(character))
  }

  /// Ctrl plus a letter or symbol: `.ctrl("c")`.
  public static func ctrl(_ character: Character) -> Key {
    Key(.character(character), modifiers: .control)
  }

  /// Alt (Meta) plus a key: `.alt("b")`.
  public static func alt(_ character: Character) -> Key {
    Key(.character(character), modifiers: .alt)
  }

  public static let enter = Key(.enter)
  public static let tab = Key(.tab)
  public static let shiftTab = Key(.tab, modifiers: .shift)
  public static let backspace = Key(.backspace)
  public static let delete = Key(.delete)
  public static let escape = Key(.escape)
  public static let up = Key(.up)
  public static let down = Key(.down)
  public static let left = Key(.left)
  public static let right = Key(.right)
  public static let home = Key(.home)
  public static let end = Key(.end)
  public static let pageUp = Key(.pageUp)
  public static let pageDown = Key(.pageDown)
  public static let space = Key(.character(" "))

  /// The printable character of an unmodified (or Shift-only) character key.
  public var character: Character? {
    guard case .character(let character) = code, modifiers.subtracting(.shift).isEmpty else {
      return nil
    }
    return character
  }
}

extension Key: CustomStringConvertible {
  /// How the key is shown in hints and help: `q`, `Ctrl-C`, `↑`, `PgDn`, `Shift-Tab`, `F5`.
  public var description: String {
    var prefix = ""
    if modifiers.contains(.control) { prefix += "Ctrl-" }
    if modifiers.contains(.alt) { prefix += "Alt-" }
    if modifiers.contains(.shift) { prefix += "Shift-" }
    let name: String
    switch code {
    case .character(" "): name = "Space"
    case .character(let character):
      name = modifiers.contains(.control) ? character.uppercased() : String(character)
    case .enter: name = "Enter"
    case .tab: name = "Tab"
    case .backspace: name = "Backspace"
    case .delete: name = "Del"
    case .insert: name = "Ins"
    case .escape: name = "Esc"
    case .up: name = "↑"
    case .down: name = "↓"
    case .left: name = "←"
    case .right: name = "→"
    case .home: name = "Home"
    case .end: name = "End"
    case .pageUp: name = "PgUp"
    case .pageDown: name = "PgDn"
    case .function(let number): name = "F\(number)"
    }
    return prefix + name
  }
}
