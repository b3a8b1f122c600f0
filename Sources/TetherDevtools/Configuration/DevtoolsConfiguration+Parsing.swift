import TetherDiagnostics
import TetherJSON
import TetherTerminal

extension DevtoolsConfiguration {
  /// The keys of the file's top object.
  static let fields = ["theme", "panel", "keys", "faults"]
  /// The pages `panel` may name (a store's detail needs a store).
  static let pages: [(String, DevtoolsState.Page)] = [
    ("stores", .stores), ("network", .network), ("events", .events),
  ]

  /// The configuration a config file's bytes describe.
  ///
  /// - Parameter bytes: the file's contents: one JSON object.
  /// - Throws: ``DevtoolsConfigurationError`` naming the line, and the key when the JSON is
  ///   right but a key, an action, a key name or a value is not: the first problem found.
  public init(parsing bytes: [UInt8]) throws(DevtoolsConfigurationError) {
    let json: JSONValue
    do {
      json = try JSONValue(parsing: bytes, limits: JSONLimits(maximumSize: Self.largestFile))
    } catch {
      switch error.reason {
      case .malformed(let message):
        throw DevtoolsConfigurationError(
          "line \(error.line), column \(error.column): not JSON: \(message)")
      default:
        throw DevtoolsConfigurationError("not JSON: \(error)")
      }
    }
    let locator = KeyLocator(bytes)
    func fail(_ path: [String], _ text: String) -> DevtoolsConfigurationError {
      let line = locator.line(of: path).map { "line \($0): " } ?? ""
      let joint = text.hasPrefix("is ") || text.hasPrefix("must ") ? " " : ": "
      return DevtoolsConfigurationError(line + path.joined(separator: ".") + joint + text)
    }
    guard case .object(let object) = json else {
      throw DevtoolsConfigurationError(
        "line 1: the file must be one JSON object, like {\"theme\": \"light\"}")
    }
    self.init()
    for member in object {
      let path = [member.key]
      switch member.key {
      case "theme":
        guard case .string(let name) = member.value, let theme = DevtoolsTheme.Name(rawValue: name)
        else {
          throw fail(
            path, "must be one of " + Self.list(DevtoolsTheme.Name.allCases.map(\.rawValue)))
        }
        self.theme = theme
      case "panel":
        guard case .string(let name) = member.value,
          let page = Self.pages.first(where: { $0.0 == name })?.1
        else {
          throw fail(path, "must be one of " + Self.list(Self.pages.map(\.0)))
        }
        self.page = page
      case "faults":
        do {
          let plan = try FaultPlan(json: member.value)
          try plan.validate()
          faults = plan
        } catch {
          throw fail(path, error.description)
        }
      case "keys":
        guard case .object(let keymaps) = member.value else {
          throw fail(path, "must be an object of keymaps: " + Self.list(DevtoolsKeys.names))
        }
        for keymap in keymaps {
          guard let current = keys[keymap: keymap.key] else {
            throw fail(
              path + [keymap.key],
              "is not a keymap; the keymaps are " + Self.list(DevtoolsKeys.names))
          }
          keys[keymap: keymap.key] = try Self.rebinding(
            current, with: keymap.value, at: path + [keymap.key], fail: fail)
        }
      default:
        throw fail(path, "is not a key of the config file; its keys are " + Self.list(Self.fields))
      }
    }
  }

  /// `keymap` with the bindings of `json` (an object of action names to a key or an array of
  /// keys) applied.
  private static func rebinding(
    _ keymap: Keymap<DevtoolsAction>, with json: JSONValue, at path: [String],
    fail: ([String], String) -> DevtoolsConfigurationError
  ) throws(DevtoolsConfigurationError) -> Keymap<DevtoolsAction> {
    let actions = keymap.bindings.map(\.action)
    guard case .object(let bindings) = json else {
      throw fail(path, "must be an object of actions to keys, like {\"refetch\": \"g\"}")
    }
    var keymap = keymap
    var bound: [Key: String] = [:]
    for binding in bindings {
      let at = path + [binding.key]
      guard let action = DevtoolsAction(rawValue: binding.key), actions.contains(action) else {
        let examples = actions.filter { ![.open, .back].contains($0) }.prefix(2).map(\.rawValue)
        throw fail(
          at, "is not an action of the \(path.last ?? "") keys, like " + list(examples))
      }
      let names: [JSONValue]
      switch binding.value {
      case .string: names = [binding.value]
      case .array(let elements): names = elements
      default:
        throw fail(at, "must be a key (\"g\") or an array of keys ([\"g\", \"F5\"]; [] unbinds)")
      }
      var keys: [Key] = []
      for name in names {
        guard case .string(let text) = name else {
          throw fail(at, "must be a key (\"g\") or an array of keys ([\"g\", \"F5\"]; [] unbinds)")
        }
        guard let key = Key(name: text) else {
          throw fail(
            at,
            "\(JSONValue.string(text)) is not a key; keys are written like g, G, Ctrl-S, "
              + "Alt-x, Enter, Esc, Tab, Space, Del, Up, PgDn, F5")
        }
        if let other = bound[key], other != binding.key {
          throw fail(at, "\(key) is bound twice, to \(other) and to \(binding.key)")
        }
        bound[key] = binding.key
        if !keys.contains(key) { keys.append(key) }
      }
      keymap.rebind(action, to: keys)
    }
    return keymap
  }

  /// `a, b or c`.
  static func list(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }
}

/// Finds the line of a key in a JSON document's text: each name of the path in turn, as a
/// quoted member name, after the one before it — close enough to point at the key the message
/// names (a document with the same name earlier at another level may point there).
struct KeyLocator {
  let bytes: [UInt8]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The line (from 1) of the last name of `path`, or nil when it is not found.
  func line(of path: [String]) -> Int? {
    var offset = 0
    for name in path {
      let needle = Array(JSONValue.string(name).text().utf8)
      guard let found = find(needle, from: offset) else { return nil }
      offset = found
    }
    return 1 + bytes[..<offset].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  }

  /// The offset of the first `needle` at or after `start` that a colon follows.
  private func find(_ needle: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
    var index = start
    while index + needle.count <= bytes.count {
      if bytes[index..<index + needle.count].elementsEqual(needle) {
        var next = index + needle.count
        while next < bytes.count, [9, 10, 13, 32].contains(bytes[next]) { next += 1 }
        if next < bytes.count, bytes[next] == UInt8(ascii: ":") { return index }
      }
      index += 1
    }
    return nil
  }
}
