/// A JSON object whose members keep the order they were written in, as a JavaScript object's
/// keys do; setting a key it has replaces the value in place (`user["id"] = 2`), as
/// `JSON.parse` does with a key written twice, and nil removes it. Two objects are equal when
/// they have the same members in the same order.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral
{
  /// A key and its value.
  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: JSONValue

    /// The member `key`: `value`.
    public init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }
  }

  /// The members in order, each key once.
  public private(set) var members: [Member] = []
  /// Positions by key, once an object is large enough for a scan to matter: reading a
  /// document with many keys stays linear.
  private var positions: [String: Int]?
  private static let indexedCount = 12
  /// An empty object.
  public init() {}

  /// The object of `members` in order; a key given twice keeps its first place and last value.
  public init(_ members: some Sequence<(String, JSONValue)>) {
    for (key, value) in members { self[key] = value }
  }

  public init(dictionaryLiteral members: (String, JSONValue)...) {
    self.init(members)
  }

  /// The value of `key`; setting nil removes the member.
  public subscript(key: String) -> JSONValue? {
    get { position(of: key).map { members[$0].value } }
    set {
      switch (position(of: key), newValue) {
      case (let position?, let value?): members[position].value = value
      case (let position?, nil):
        members.remove(at: position)
        reindex()
      case (nil, let value?):
        members.append(Member(key, value))
        if positions != nil { positions?[key] = members.count - 1 } else { reindex() }
      case (nil, nil): break
      }
    }
  }

  /// The keys in order.
  public var keys: [String] { members.map(\.key) }
  public var startIndex: Int { 0 }
  public var endIndex: Int { members.count }
  public subscript(position: Int) -> Member { members[position] }

  public static func == (left: JSONObject, right: JSONObject) -> Bool {
    left.members == right.members
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(members)
  }

  private func position(of key: String) -> Int? {
    if let positions { return positions[key] }
    return members.firstIndex { $0.key == key }
  }

  private mutating func reindex() {
    guard members.count > Self.indexedCount else {
      positions = nil
      return
    }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(members.count)
    for (position, member) in members.enumerated() { positions[member.key] = position }
    self.positions = positions
  }
}
