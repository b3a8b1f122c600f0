import TetherCore
import TetherJSON
import TetherTerminal

/// Editing a part of a store's value: a scalar in a one-line field (a string as its text,
/// `null` where the type allows), or an object or array as JSON in a text area. Ctrl-S (or
/// Enter in the field) applies it; what does not decode as the store's type is shown, and
/// nothing changes.
struct ValueEditorState {
  /// One step from the root to the part edited: a member's key or an element's index.
  enum Step: Hashable {
    case key(String)
    case index(Int)
  }

  let key: StoreKey
  /// Where the part is, from the root.
  let steps: [Step]
  /// The whole value before the edit.
  let original: JSONValue
  /// Whether the part was a string: text typed is that string unless it is `null`.
  let isString: Bool
  var field: TextFieldState?
  var area: TextAreaState?
  /// Why the last try did not apply.
  var error: String?

  /// An editor of node `index` of `outline`, a part of the value of the store at `key`.
  init(key: StoreKey, outline: ValueOutline, node index: Int) {
    self.key = key
    original = outline.value
    var steps: [Step] = []
    var current = index
    while current > 0 {
      let node = outline.nodes[current]
      let parent = outline.nodes[Int(node.parent)]
      if parent.kind == .object {
        steps.append(.key(node.key ?? ""))
      } else if parent.kind == .array || parent.kind == .chunk {
        steps.append(.index(Int(node.key ?? "") ?? 0))
      }
      current = Int(node.parent)
      // A chunk is no step of its own: its elements' keys are the array's indices.
      if outline.nodes[current].kind == .chunk { current = Int(outline.nodes[current].parent) }
    }
    self.steps = steps.reversed()
    let node = outline.nodes[index]
    isString = node.kind == .string
    if node.isContainer {
      area = TextAreaState(text: Self.part(of: original, at: self.steps)?.text(.pretty) ?? "")
    } else {
      field = TextFieldState(text: node.text)
    }
  }

  /// `title`, `posts[3].title`, or `the whole value`.
  var location: String {
    guard !steps.isEmpty else { return "the whole value" }
    var text = ""
    for step in steps {
      switch step {
      case .key(let key): text += text.isEmpty ? key : ".\(key)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  /// The whole value with the edit in it, or why the text is not a value.
  func edited() -> Result<JSONValue, EditError> {
    let text = field?.text ?? area?.text ?? ""
    let part: JSONValue
    if isString, field != nil {
      part = text == "null" ? .null : .string(text)
    } else {
      do {
        part = try JSONValue(parsing: Array(text.utf8))
      } catch {
        return .failure(EditError(message: "not JSON: \(error)"))
      }
    }
    return .success(Self.replacing(in: original, at: steps[...], with: part))
  }

  struct EditError: Error {
    var message: String
  }

  static func part(of value: JSONValue, at steps: [Step]) -> JSONValue? {
    var current = value
    for step in steps {
      switch (step, current) {
      case (.key(let key), .object(let object)):
        guard let member = object[key] else { return nil }
        current = member
      case (.index(let index), .array(let elements)) where elements.indices.contains(index):
        current = elements[index]
      default: return nil
      }
    }
    return current
  }

  static func replacing(in value: JSONValue, at steps: ArraySlice<Step>, with part: JSONValue)
    -> JSONValue
  {
    guard let step = steps.first else { return part }
    switch (step, value) {
    case (.key(let key), .object(let object)):
      let members = object.map { member in
        (
          member.key,
          member.key == key
            ? replacing(in: member.value, at: steps.dropFirst(), with: part) : member.value
        )
      }
      return .object(JSONObject(members))
    case (.index(let index), .array(var elements)) where elements.indices.contains(index):
      elements[index] = replacing(in: elements[index], at: steps.dropFirst(), with: part)
      return .array(elements)
    default:
      return value
    }
  }
}
