// Each container reads every type through its generic `decode`, which witnesses the
// requirements for `Bool`, `String`, the numbers and every integer width too: the decoder
// reads those itself (``JSONTapeDecoder/decode(_:at:path:)``).

/// One value being read.
struct JSONSingleValueDecoding: SingleValueDecodingContainer {
  let decoder: JSONTapeDecoder
  let index: Int
  let codingPath: [any CodingKey]
  func decodeNil() -> Bool { decoder.tape.tokens[index].kind == .null }

  func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    // An integer of a width not read directly: its `init(from:)` asks for itself here.
    if Value.self != Int.self, let integer = type as? any FixedWidthInteger.Type {
      return try decoder.integer(integer, at: index) { codingPath } as! Value
    }
    return try decoder.decode(type, at: index) { codingPath }
  }
}

/// A JSON object being read. Keys are found by a scan of its members or, in an object of more
/// than 16, in a table made once; a key present twice reads its last value.
struct JSONKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: JSONTapeDecoder
  let object: Int
  let codingPath: [any CodingKey]
  private let table: [String: Int]?

  init(_ decoder: JSONTapeDecoder, object: Int, path: [any CodingKey]) throws {
    try decoder.expect(.object, [String: Any].self, at: object) { path }
    self.decoder = decoder
    self.object = object
    codingPath = path
    let tape = decoder.tape
    guard tape.tokens[object].length > 16 else {
      table = nil
      return
    }
    var table: [String: Int] = [:]
    tape.forEachMember(of: object) { table[tape.string(at: $0)] = $0 + 1 }
    self.table = table
  }

  /// The token of the value of the member `name`, or nil.
  private func valueIndex(named name: String) -> Int? {
    if let table { return table[name] }
    return decoder.tape.member(named: name, in: object)
  }

  private func value(of key: Key) throws -> Int {
    guard let index = valueIndex(named: key.stringValue) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return index
  }

  private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

  var allKeys: [Key] {
    var keys: [Key] = []
    decoder.tape.forEachMember(of: object) {
      if let key = Key(stringValue: decoder.tape.string(at: $0)) { keys.append(key) }
    }
    return keys
  }

  func contains(_ key: Key) -> Bool { valueIndex(named: key.stringValue) != nil }

  func decodeNil(forKey key: Key) throws -> Bool {
    decoder.tape.tokens[try value(of: key)].kind == .null
  }

  func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
    try decoder.decode(type, at: try value(of: key)) { path(key) }
  }

  /// One lookup, where the standard library's `decodeIfPresent` makes three: nil for a missing
  /// key or a null. (The standard library's own are kept for the less common scalars.)
  func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
    guard let index = valueIndex(named: key.stringValue),
      decoder.tape.tokens[index].kind != .null
    else { return nil }
    return try decoder.decode(type, at: index) { path(key) }
  }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try present(type, key) }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try present(type, key)
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try present(type, key)
  }

  private func present<Value: Decodable>(_ type: Value.Type, _ key: Key) throws -> Value? {
    try decodeIfPresent(type, forKey: key)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    KeyedDecodingContainer(
      try JSONKeyedDecoding<NestedKey>(decoder, object: try value(of: key), path: path(key)))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try JSONUnkeyedDecoding(decoder, array: try value(of: key), path: path(key))
  }

  func superDecoder() throws -> any Decoder {
    decoder.superDecoder(
      at: valueIndex(named: JSONKey.super.stringValue), path: codingPath + [JSONKey.super])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.superDecoder(at: valueIndex(named: key.stringValue), path: path(key))
  }
}

/// A JSON array being read, one element after the other.
struct JSONUnkeyedDecoding: UnkeyedDecodingContainer {
  let decoder: JSONTapeDecoder
  let codingPath: [any CodingKey]
  let count: Int?
  private(set) var currentIndex = 0
  /// The token of the element at `currentIndex`.
  private var position: Int

  init(_ decoder: JSONTapeDecoder, array: Int, path: [any CodingKey]) throws {
    try decoder.expect(.array, [Any].self, at: array) { path }
    self.decoder = decoder
    codingPath = path
    count = Int(decoder.tape.tokens[array].length)
    position = array + 1
  }

  var isAtEnd: Bool { currentIndex >= count! }

  /// The element at the current index, read by `read` from its token and coding path; the
  /// index moves on only when it succeeds.
  private mutating func next<Value>(
    _ type: Value.Type, _ read: (Int, JSONTapeDecoder.Path) throws -> Value
  ) throws -> Value {
    let path = { [codingPath, currentIndex] in codingPath + [JSONKey(index: currentIndex)] }
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(codingPath: path(), debugDescription: "Unkeyed container is at end."))
    }
    let value = try read(position, path)
    position = decoder.tape.next(after: position)
    currentIndex += 1
    return value
  }

  mutating func decodeNil() throws -> Bool {
    if !isAtEnd, decoder.tape.tokens[position].kind != .null { return false }
    return try next(Bool.self) { _, _ in true }  // past the end, an error
  }

  mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try next(type) { [decoder] in try decoder.decode(type, at: $0, path: $1) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try next(KeyedDecodingContainer<NestedKey>.self) { [decoder] in
      KeyedDecodingContainer(try JSONKeyedDecoding<NestedKey>(decoder, object: $0, path: $1()))
    }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try next((any UnkeyedDecodingContainer).self) { [decoder] in
      try JSONUnkeyedDecoding(decoder, array: $0, path: $1())
    }
  }

  mutating func superDecoder() throws -> any Decoder {
    try next((any Decoder).self) { [decoder] in decoder.superDecoder(at: $0, path: $1()) }
  }
}
