import CNCursesW

/// One unit read from curses: a character from `wget_wch`, a function-key code, or a key that
/// terminfo knows only by its extended name (`kUP5` is Ctrl-↑).
enum RawInput: Hashable, Sendable {
  case character(Unicode.Scalar)
  case keyCode(Int32)
  case namedKey(String)
  /// A mouse event ncurses decoded itself (`getmouse`).
  case mouse(MouseEvent)
}

/// Turns raw curses input into ``Event``s: control characters into Ctrl-keys, an Esc followed
/// at once by a key into Alt-key, scalars into grapheme clusters, bracketed paste into one paste
/// event, focus reports into focus events, and SGR 1006 mouse reports (`ESC [ < b ; x ; y M`)
/// into mouse events when ncurses does not decode them itself.
struct InputDecoder {
  /// Key codes that ``NCursesScreen`` binds with `define_key` to sequences terminfo lacks.
  /// Far above the codes ncurses gives terminfo's extended keys (from `KEY_MAX + 1` up), and
  /// within the 16 bits its key tables store.
  static let pasteBegin: Int32 = 0x6001
  static let pasteEnd: Int32 = 0x6002
  static let focusIn: Int32 = 0x6003
  static let focusOut: Int32 = 0x6004
  /// `ESC [ <`, the start of an SGR mouse report, for terminals whose terminfo names another
  /// mouse format (tmux-256color, screen).
  static let mouseReport: Int32 = 0x6005

  /// Whether `code` is one of the codes above.
  static func isOwnCode(_ code: Int32) -> Bool { (pasteBegin...mouseReport).contains(code) }

  /// Text of a paste in progress (a paste may span several reads).
  private var paste: String?
  /// The parameters of an SGR mouse report in progress.
  private var mouseReport: String?
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
      if mouseReport != nil && consumeMouseReport(input) { continue }
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
      case .mouse(let mouse):
        flushText()
        events.append(.mouse(mouse))
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
    case Self.mouseReport: mouseReport = ""
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

  /// Collects `b;x;y` up to the final `M` (press) or `m` (release).
  ///
  /// - Returns: false when `input` is not part of a report: the report is abandoned and the
  ///   input is decoded as usual.
  private mutating func consumeMouseReport(_ input: RawInput) -> Bool {
    guard case .character(let scalar) = input else {
      mouseReport = nil
      return false
    }
    switch scalar {
    case "0"..."9", ";":
      // Keep consuming an absurdly long report, but stop storing it: it cannot parse.
      if (mouseReport?.utf8.count ?? 0) < 32 { mouseReport?.unicodeScalars.append(scalar) }
    case "M", "m":
      if let report = mouseReport, let event = Self.mouseEvent(sgr: report, final: scalar) {
        events.append(.mouse(event))
      }
      mouseReport = nil
    default:
      mouseReport = nil
      return false
    }
    return true
  }

  /// The event an SGR report `b;x;y` with final `M`/`m` describes (coordinates from 1).
  static func mouseEvent(sgr parameters: String, final: Unicode.Scalar) -> MouseEvent? {
    let numbers = parameters.split(separator: ";").compactMap { Int($0) }
    guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
    let code = numbers[0]
    var modifiers: Key.Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    // Motion reports (bit 32) and extra buttons (128 and up) are not requested.
    guard code & 32 == 0, code < 128 else { return nil }
    let position = Point(x: numbers[1] - 1, y: numbers[2] - 1)
    let kind: MouseEvent.Kind
    if code & 64 != 0 {
      switch code & 3 {
      case 0: kind = .scrollUp
      case 1: kind = .scrollDown
      default: return nil
      }
    } else {
      let buttons: [MouseEvent.Button?] = [.left, .middle, .right, nil]
      guard let button = buttons[code & 3] else { return nil }
      kind = final == "M" ? .press(button) : .release(button)
    }
    return MouseEvent(kind, at: position, modifiers: modifiers)
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
