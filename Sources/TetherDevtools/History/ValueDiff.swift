import TetherJSON

/// The structural difference between two JSON values, as lines to read top to bottom: fields
/// added (`+`), removed (`−`) and changed (`~`, old and new value), the objects and arrays
/// that hold them as context, and every unchanged part folded into one line
/// (`… 12 unchanged`).
///
/// Arrays of objects that all have an `id` are matched by it, so a post inserted at the top of
/// a feed is one `+` line, not twenty changed ones; other arrays are matched by position.
///
/// ```
/// ~ title: "Old title" → "New title"
/// + tags[2]: "swift"
///   … 7 unchanged
/// ```
public struct ValueDiff: Sendable, Hashable {
  /// What a line says about its part of the value.
  public enum Mark: Character, Sendable, Hashable {
    case added = "+"
    case removed = "−"
    case changed = "~"
    /// A container that holds changes, or unchanged parts folded.
    case context = " "
  }

  /// One line of the diff.
  public struct Line: Sendable, Hashable {
    public var mark: Mark
    /// How deep the part sits: 0 for the members of the top value.
    public var depth: Int
    /// The part's name (`title`, `[3]`, `[id 12]`), empty for the top value.
    public var name: String
    /// The value (added, removed, a container's opening) or `old → new` (changed).
    public var text: String
  }

  public private(set) var lines: [Line] = []
  /// How many parts were added, removed and changed.
  public private(set) var added = 0
  public private(set) var removed = 0
  public private(set) var changed = 0
  /// The longest value text a line shows; longer ones are cut with `…`.
  let limit: Int

  /// The diff from `old` to `new`; each value text is cut at `limit` characters.
  public init(from old: JSONValue, to new: JSONValue, limit: Int = 120) {
    self.limit = limit
    if old == new {
      lines.append(Line(mark: .context, depth: 0, name: "", text: "no change"))
      return
    }
    compare(old, new, name: "", depth: 0)
  }

  /// Whether the two values are the same.
  public var isEmpty: Bool { added + removed + changed == 0 }

  /// `+2 −1 ~3`.
  public var summary: String {
    isEmpty ? "no change" : "+\(added) −\(removed) ~\(changed)"
  }

  private mutating func compare(_ old: JSONValue, _ new: JSONValue, name: String, depth: Int) {
    switch (old, new) {
    case (.object(let before), .object(let after)):
      open(name, "{", depth: depth)
      compareObjects(before, after, depth: depth + (name.isEmpty && depth == 0 ? 0 : 1))
    case (.array(let before), .array(let after)):
      open(name, "[", depth: depth)
      compareArrays(before, after, depth: depth + (name.isEmpty && depth == 0 ? 0 : 1))
    default:
      changed += 1
      lines.append(
        Line(mark: .changed, depth: depth, name: name, text: brief(old) + " → " + brief(new)))
    }
  }

  /// The line of a container that holds changes; the top value has none.
  private mutating func open(_ name: String, _ bracket: String, depth: Int) {
    guard !(name.isEmpty && depth == 0) else { return }
    lines.append(Line(mark: .context, depth: depth, name: name, text: bracket))
  }

  private mutating func compareObjects(_ old: JSONObject, _ new: JSONObject, depth: Int) {
    var unchanged = 0
    for member in new {
      guard let before = old[member.key] else {
        fold(&unchanged, depth: depth)
        added += 1
        lines.append(Line(mark: .added, depth: depth, name: member.key, text: brief(member.value)))
        continue
      }
      if before == member.value {
        unchanged += 1
      } else {
        fold(&unchanged, depth: depth)
        compare(before, member.value, name: member.key, depth: depth)
      }
    }
    for member in old where new[member.key] == nil {
      fold(&unchanged, depth: depth)
      removed += 1
      lines.append(Line(mark: .removed, depth: depth, name: member.key, text: brief(member.value)))
    }
    fold(&unchanged, depth: depth)
  }

  private mutating func compareArrays(_ old: [JSONValue], _ new: [JSONValue], depth: Int) {
    if let oldIDs = Self.identifiers(of: old), let newIDs = Self.identifiers(of: new) {
      compareIdentified(old, oldIDs, new, newIDs, depth: depth)
      return
    }
    var unchanged = 0
    for index in 0..<max(old.count, new.count) {
      let name = "[\(index)]"
      if index >= old.count {
        fold(&unchanged, depth: depth)
        added += 1
        lines.append(Line(mark: .added, depth: depth, name: name, text: brief(new[index])))
      } else if index >= new.count {
        fold(&unchanged, depth: depth)
        removed += 1
        lines.append(Line(mark: .removed, depth: depth, name: name, text: brief(old[index])))
      } else if old[index] == new[index] {
        unchanged += 1
      } else {
        fold(&unchanged, depth: depth)
        compare(old[index], new[index], name: name, depth: depth)
      }
    }
    fold(&unchanged, depth: depth)
  }

  /// Elements matched by `id`, in the new order; the removed ones after them.
  private mutating func compareIdentified(
    _ old: [JSONValue], _ oldIDs: [JSONValue], _ new: [JSONValue], _ newIDs: [JSONValue],
    depth: Int
  ) {
    var oldIndex: [JSONValue: Int] = [:]
    for (index, id) in oldIDs.enumerated() where oldIndex[id] == nil { oldIndex[id] = index }
    var matched = Set<Int>()
    var unchanged = 0
    for (index, element) in new.enumerated() {
      let name = "[id \(brief(newIDs[index]))]"
      guard let before = oldIndex[newIDs[index]], !matched.contains(before) else {
        fold(&unchanged, depth: depth)
        added += 1
        lines.append(Line(mark: .added, depth: depth, name: name, text: brief(element)))
        continue
      }
      matched.insert(before)
      if old[before] == element {
        unchanged += 1
      } else {
        fold(&unchanged, depth: depth)
        compare(old[before], element, name: name, depth: depth)
      }
    }
    for (index, element) in old.enumerated() where !matched.contains(index) {
      fold(&unchanged, depth: depth)
      removed += 1
      lines.append(
        Line(
          mark: .removed, depth: depth, name: "[id \(brief(oldIDs[index]))]", text: brief(element))
      )
    }
    fold(&unchanged, depth: depth)
  }

  /// The `id` of every element, when every element is an object that has one.
  private static func identifiers(of array: [JSONValue]) -> [JSONValue]? {
    guard !array.isEmpty else { return nil }
    var ids: [JSONValue] = []
    ids.reserveCapacity(array.count)
    for element in array {
      guard case .object(let object) = element, let id = object["id"] else { return nil }
      ids.append(id)
    }
    return ids
  }

  /// Writes the line that stands for `count` unchanged parts, and starts counting again.
  private mutating func fold(_ count: inout Int, depth: Int) {
    guard count > 0 else { return }
    lines.append(Line(mark: .context, depth: depth, name: "", text: "… \(count) unchanged"))
    count = 0
  }

  /// The value as compact JSON, cut at ``limit`` characters.
  private func brief(_ value: JSONValue) -> String {
    switch value {
    case .string(let text) where text.count <= limit - 2: return "\"\(text)\""
    case .number(let number): return number.text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    default:
      let text = value.text()
      return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
  }
}
