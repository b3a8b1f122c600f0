import CNCursesW

/// One unit read from curses: a character from `wget_wch`, a function-key code, or a key that
/// terminfo knows only by its extended name (`kUP5` is Ctrl-↑).
enum RawInput: Hashable, Sendable {
  case character(Unicode.Scalar)
  case keyCode(Int32)
  case namedKey(String)
}

/// Turns raw curses input into ``Event``s: control characters into Ctrl-keys, an Esc followed
/// at once by a key into Alt-key, scalars into grapheme clusters, bracketed paste into one paste
/// event, focus reports into focus events.
struct InputDecoder {
  /// Key codes that ``NCursesScreen`` binds with `define_key` to sequences terminfo lacks.
  /// Far above the codes ncurses gives terminfo's extended keys (from `KEY_MAX + 1` up), and
  /// within the 16 bits its key tables store.
  static let pasteBegin: Int32 = 0x6001
  static let pasteEnd: Int32 = 0x6002
  static let focusIn: Int32 = 0x6003
  static let focusOut: Int32 = 0x6004

  /// Whether `code` is one of the codes above.
  static func isOwnCode(_ code: Int32) -> Bool { (pasteBegin...focusOut).contains(code) }

  /// Text of a paste in progress (a paste may span several reads).
  private var paste: String?
  private var events: [Event] = []
  private var pendingText = String.UnicodeScalarView()
  private var pendingModifiers: Key.Modifiers = []

  /// Decodes one batch: everything that was readable at once.
  mutating func decode(_ batch: [RawInput]) -> [Event] {
    var index = 0
    while index < batch.count {
      let input = batch[index]
      index += 1
      if paste != nil {
        consumePaste(input)
        continue
      }
      switch input {
      case .character(let scalar) where scalar.value == 0x1B:
        flushText()
        if index < batch.count, case .character(let next) = batch[index], next.value != 0x1B {
          index += 1
          pendingModifiers = .alt
          consumeCharacter(next)
          flushText()
          pendingModifiers = []
        } else {
          events.append(.key(.escape))
        }
      case .character(let scalar):
        consumeCharacter(scalar)
      case .keyCode(let code):
        flushText()
        consumeKeyCode(code)
      case .namedKey(let name):
        flushText()
        if let key = Self.key(named: name) { events.append(.key(key)) }
      }
    }
    flushText()
    defer { events.removeAll() }
    return events
  }

  private mutating func consumeCharacter(_ scalar: Unicode.Scalar) {
    let value = scalar.value
    let key: Key.Code
    var modifiers = pendingModifiers
    switch value {
    case 0x0D, 0x0A: key = .enter
    case 0x09: key = .tab
    case 0x08, 0x7F: key = .backspace
    case 0x00:
      key = .character(" ")
      modifiers.insert(.control)
    case 0x01...0x1A:
      key = .character(Character(Unicode.Scalar(value + 0x60)!))
      modifiers.insert(.control)
    case 0x1C...0x1F:
      key = .character(Character(Unicode.Scalar(value + 0x40)!))
      modifiers.insert(.control)
    case 0x80...0x9F:
      return
    default:
      pendingText.append(scalar)
      return
    }
    flushText()
    events.append(.key(Key(key, modifiers: modifiers)))
  }

  /// Emits typed text as one key per grapheme cluster, so a ZWJ emoji is one key.
  private mutating func flushText() {
    guard !pendingText.isEmpty else { return }
    for character in String(pendingText) {
      events.append(.key(Key(.character(character), modifiers: pendingModifiers)))
    }
    pendingText.removeAll()
  }

  private mutating func consumeKeyCode(_ code: Int32) {
    switch code {
    case Self.pasteBegin: paste = ""
    case Self.focusIn: events.append(.focus(true))
    case Self.focusOut: events.append(.focus(false))
    case Self.pasteEnd: break
    default:
      if let key = Self.key(forCode: code) { events.append(.key(key)) }
    }
  }

  private mutating func consumePaste(_ input: RawInput) {
    switch input {
    case .keyCode(Self.pasteEnd):
      events.append(.paste(paste ?? ""))
      paste = nil
    case .character(let scalar):
      if scalar.value == 0x0D {
        paste?.append("\n")
      } else {
        paste?.unicodeScalars.append(scalar)
      }
    case .keyCode(KEY_ENTER):
      paste?.append("\n")
    default:
      break
    }
  }

  static func key(forCode code: Int32) -> Key? {
    switch code {
    case KEY_UP: .up
    case KEY_DOWN: .down
    case KEY_LEFT: .left
    case KEY_RIGHT: .right
    case KEY_SR: Key(.up, modifiers: .shift)
    case KEY_SF: Key(.down, modifiers: .shift)
    case KEY_SLEFT: Key(.left, modifiers: .shift)
    case KEY_SRIGHT: Key(.right, modifiers: .shift)
    case KEY_HOME: .home
    case KEY_END: .end
    case KEY_SHOME: Key(.home, modifiers: .shift)
    case KEY_SEND: Key(.end, modifiers: .shift)
    case KEY_PPAGE: .pageUp
    case KEY_NPAGE: .pageDown
    case KEY_ENTER: .enter
    case KEY_BACKSPACE: .backspace
    case KEY_DC: .delete
    case KEY_SDC: Key(.delete, modifiers: .shift)
    case KEY_IC: Key(.insert)
    case KEY_BTAB: .shiftTab
    case tether_key_f(1)...tether_key_f(63):
      Key(.function(Int(code - tether_key_f(0))))
    default: nil
    }
  }

  /// Keys terminfo names as `kUP5`, `kRIT3`, `kDC5`...: the digit is xterm's modifier code
  /// (2 Shift, 3 Alt, 5 Ctrl and their sums plus one).
  static func key(named name: String) -> Key? {
    guard let digit = name.last?.wholeNumberValue, digit >= 2, digit <= 8 else { return nil }
    let codes: [String: Key.Code] = [
      "kUP": .up, "kDN": .down, "kLFT": .left, "kRIT": .right, "kHOM": .home, "kEND": .end,
      "kPRV": .pageUp, "kNXT": .pageDown, "kDC": .delete, "kIC": .insert,
    ]
    guard let code = codes[String(name.dropLast())] else { return nil }
    let bits = digit - 1
    var modifiers: Key.Modifiers = []
    if bits & 1 != 0 { modifiers.insert(.shift) }
    if bits & 2 != 0 { modifiers.insert(.alt) }
    if bits & 4 != 0 { modifiers.insert(.control) }
    return Key(code, modifiers: modifiers)
  }
}
