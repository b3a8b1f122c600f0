extension Key {
  /// The key a name stands for, written the way ``description`` shows keys — `g`, `G`, `Ctrl-S`,
  /// `Alt-b`, `Shift-Tab`, `Enter`, `Esc`, `Space`, `Del`, `PgDn`, `F5`, `↑` — or with the
  /// names people type in a config file (`Up`, `Escape`, `Delete`, `PageDown`, `Return`),
  /// ignoring case in the names and modifiers; nil when it names no key. It reads back what
  /// ``description`` writes, so a binding can be saved and loaded.
  ///
  /// ```swift
  /// Key(name: "Ctrl-S")   // .ctrl("s")
  /// Key(name: "g")        // "g"
  /// Key(name: "Hyper-g")  // nil
  /// ```
  public init?(name: String) {
    var rest = Substring(name)
    var modifiers: Modifiers = []
    let prefixes: [(String, Modifiers)] = [("ctrl-", .control), ("alt-", .alt), ("shift-", .shift)]
    var stripped = true
    while stripped {
      stripped = false
      for (prefix, modifier) in prefixes
      where rest.count > prefix.count && rest.lowercased().hasPrefix(prefix) {
        modifiers.insert(modifier)
        rest = rest.dropFirst(prefix.count)
        stripped = true
      }
    }
    if rest.count == 1, let character = rest.first, rest != " ",
      Self.namedCodes[rest.lowercased()] == nil
    {
      // Shift with a character is its own character (`G`, not `Shift-g`).
      guard !modifiers.contains(.shift) else { return nil }
      let lowered = modifiers.contains(.control) ? Character(character.lowercased()) : character
      self.init(.character(lowered), modifiers: modifiers)
      return
    }
    guard let code = Self.namedCodes[rest.lowercased()] ?? Self.functionKey(rest) else {
      return nil
    }
    self.init(code, modifiers: modifiers)
  }

  /// Key names in lowercase, as shown and as commonly typed.
  private static let namedCodes: [String: Code] = [
    "enter": .enter, "return": .enter, "tab": .tab, "backspace": .backspace, "del": .delete,
    "delete": .delete, "ins": .insert, "insert": .insert, "esc": .escape, "escape": .escape,
    "up": .up, "↑": .up, "down": .down, "↓": .down, "left": .left, "←": .left, "right": .right,
    "→": .right, "home": .home, "end": .end, "pgup": .pageUp, "pageup": .pageUp,
    "pgdn": .pageDown, "pagedown": .pageDown, "space": .character(" "),
  ]

  /// `F1` … `F24`.
  private static func functionKey(_ name: Substring) -> Code? {
    guard name.count >= 2, name.first == "F" || name.first == "f",
      let number = Int(name.dropFirst()), (1...24).contains(number)
    else { return nil }
    return .function(number)
  }
}
