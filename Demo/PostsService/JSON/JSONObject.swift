/// A JSON object whose members keep the order they were written in, like a JavaScript object's
/// keys; a repeated key keeps its first position and its last value, as `JSON.parse` does.
///
///     var user = JSONObject()
///     user["id"] = .number(1)
///     user["firstName"] = .string("Emily")
///     // writes {"id":1,"firstName":"Emily"}
struct JSONObject: Sendable, Equatable, Sequence {
  struct Member: Sendable, Equatable {
    var key: String
    var value: JSONValue
  }

  private(set) var members: [Member] = []
  /// Positions by key, built once an object is large enough for a linear lookup to matter, so
  /// that reading a document with many keys stays linear.
  private var positions: [String: Int]?

  private static let indexThreshold = 12

  init() {}

  init(_ members: [(String, JSONValue)]) {
    for (key, value) in members { self[key] = value }
  }

  var count: Int { members.count }

  subscript(key: String) -> JSONValue? {
    get { position(of: key).map { members[$0].value } }
    set {
      if let position = position(of: key) {
        if let newValue {
          members[position].value = newValue
        } else {
          members.remove(at: position)
          rebuildPositions()
        }
      } else if let newValue {
        members.append(Member(key: key, value: newValue))
        if positions != nil {
          positions?[key] = members.count - 1
        } else if members.count > Self.indexThreshold {
          rebuildPositions()
        }
      }
    }
  }

  func makeIterator() -> IndexingIterator<[Member]> {
    members.makeIterator()
  }

  static func == (left: JSONObject, right: JSONObject) -> Bool {
    left.members == right.members
  }

  private func position(of key: String) -> Int? {
    if let positions { return positions[key] }
    return members.firstIndex { $0.key == key }
  }

  private mutating func rebuildPositions() {
    guard members.count > Self.indexThreshold else {
      positions = nil
      return
    }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(members.count)
    for (index, member) in members.enumerated() { positions[member.key] = index }
    self.positions = positions
  }
}
