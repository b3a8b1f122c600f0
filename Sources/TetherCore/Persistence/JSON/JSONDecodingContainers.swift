import Foundation

/// A JSON object being read. Keys are found by a scan of its members, or, in an object of
/// more than 16, in a table made once; a key present twice reads its last value.
struct JSONKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: JSONTapeDecoder
  let object: Int
  let codingPath: [any CodingKey]
  private let table: [String: Int]?

  init(_ decoder: JSONTapeDecoder, object: Int, path: [any CodingKey]) {
    self.decoder = decoder
    self.object = object
    codingPath = path
    let tape = decoder.tape
    if tape.tokens[object].length > 16 {
      var table: [String: Int] = [:]
      tape.forEachMember(of: object) { key, value in
        if let name = try? tape.string(at: key, { [] }) { table[name] = value }
      }
      self.table = table
    } else {
      table = nil
    }
  }

  private var tape: JSONTape { decoder.tape }

  /// The token of `key`'s value, or nil when the object has no such key.
  private func valueIndex(of key: Key) -> Int? {
    valueIndex(named: key.stringValue)
  }

  private func valueIndex(named name: String) -> Int? {
    if let table { return table[name] }
    var name = name
    return name.withUTF8 { decoder.tape.member(named: $0, in: object) }
  }

  private func value(of key: Key) throws -> Int {
    guard let index = valueIndex(of: key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return index
  }

  private func path(_ key: Key) -> [any CodingKey] {
    var path = codingPath
    path.append(key)
    return path
  }

  var allKeys: [Key] {
    var keys: [Key] = []
    tape.forEachMember(of: object) { key, _ in
      if let name = try? tape.string(at: key, { [] }), let typed = Key(stringValue: name) {
        keys.append(typed)
      }
    }
    return keys
  }

  func contains(_ key: Key) -> Bool { valueIndex(of: key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool {
    tape.tokens[try value(of: key)].kind == .null
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try tape.bool(at: try value(of: key)) { path(key) }
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try tape.string(at: try value(of: key)) { path(key) }
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try tape.double(at: try value(of: key)) { path(key) }
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try tape.float(at: try value(of: key)) { path(key) }
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try tape.int(at: try value(of: key)) { path(key) }
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
  func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(type, key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
  func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(type, key) }

  private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, _ key: Key) throws
    -> Integer
  {
    try tape.integer(type, at: try value(of: key)) { path(key) }
  }

  func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
    try decoder.decode(type, at: try value(of: key)) { path(key) }
  }

  /// One lookup for `decodeIfPresent` of every type: nil for a missing key or a null.
  func decodeIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
    guard let index = valueIndex(of: key), tape.tokens[index].kind != .null else { return nil }
    return try decoder.decode(type, at: index) { path(key) }
  }

  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try present(key) { try tape.bool(at: $0) { path(key) } }
  }

  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try present(key) { try tape.string(at: $0) { path(key) } }
  }

  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try present(key) { try tape.double(at: $0) { path(key) } }
  }

  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try present(key) { try tape.int(at: $0) { path(key) } }
  }

  private func present<Value>(_ key: Key, _ read: (Int) throws -> Value) throws -> Value? {
    guard let index = valueIndex(of: key), tape.tokens[index].kind != .null else { return nil }
    return try read(index)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let index = try value(of: key)
    guard tape.tokens[index].kind == .object else {
      throw tape.mismatch([String: Any].self, tape.tokens[index]) { path(key) }
    }
    return KeyedDecodingContainer(
      JSONKeyedDecoding<NestedKey>(decoder, object: index, path: path(key)))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    let index = try value(of: key)
    guard tape.tokens[index].kind == .array else {
      throw tape.mismatch([Any].self, tape.tokens[index]) { path(key) }
    }
    return JSONUnkeyedDecoding(decoder, array: index, path: path(key))
  }

  func superDecoder() throws -> any Decoder {
    let key = JSONSuperKey.super
    return decoder.superDecoder(at: valueIndex(named: key.stringValue), path: codingPath + [key])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    decoder.superDecoder(at: valueIndex(of: key), path: path(key))
  }
}

/// A JSON array being read, one element after the other.
struct JSONUnkeyedDecoding: UnkeyedDecodingContainer, JSONIntegerDecoding {
  let decoder: JSONTapeDecoder
  let codingPath: [any CodingKey]
  let count: Int?
  private(set) var currentIndex = 0
  /// The token of the element at `currentIndex`.
  private var position: Int

  init(_ decoder: JSONTapeDecoder, array: Int, path: [any CodingKey]) {
    self.decoder = decoder
    codingPath = path
    count = Int(decoder.tape.tokens[array].length)
    position = array + 1
  }

  private var tape: JSONTape { decoder.tape }
  var isAtEnd: Bool { currentIndex >= count! }
  private var elementPath: [any CodingKey] { codingPath + [JSONIndexKey(currentIndex)] }

  /// The element at the current index, read by `read`; the index moves on only when it succeeds.
  private mutating func next<Value>(
    _ type: Value.Type, _ read: (Int) throws -> Value
  ) throws -> Value {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: elementPath, debugDescription: "Unkeyed container is at end."))
    }
    let value = try read(position)
    position = tape.next(after: position)
    currentIndex += 1
    return value
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        Any?.self,
        DecodingError.Context(
          codingPath: elementPath, debugDescription: "Unkeyed container is at end."))
    }
    guard tape.tokens[position].kind == .null else { return false }
    position += 1
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar { try $0.bool(at: $1, $2) } }
  mutating func decode(_ type: String.Type) throws -> String {
    try scalar { try $0.string(at: $1, $2) }
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try scalar { try $0.double(at: $1, $2) }
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try scalar { try $0.float(at: $1, $2) }
  }
  mutating func decode(_ type: Int.Type) throws -> Int { try scalar { try $0.int(at: $1, $2) } }

  /// The element at the current index, read from the tape by `read` with its coding path
  /// (made only for an error).
  private mutating func scalar<Value>(
    _ read: (JSONTape, Int, JSONTape.Path) throws -> Value
  ) throws -> Value {
    let tape = self.tape
    let index = currentIndex
    let codingPath = self.codingPath
    return try next(Value.self) { try read(tape, $0) { codingPath + [JSONIndexKey(index)] } }
  }

  mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeInteger(type) }
  mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeInteger(type) }

  mutating func decodeInteger<Integer: FixedWidthInteger>(_ type: Integer.Type) throws
    -> Integer
  {
    try scalar { try $0.integer(type, at: $1, $2) }
  }

  mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    let decoder = self.decoder
    let index = currentIndex
    let codingPath = self.codingPath
    return try next(type) {
      try decoder.decode(type, at: $0) { codingPath + [JSONIndexKey(index)] }
    }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let decoder = self.decoder
    let path = elementPath
    return try next(KeyedDecodingContainer<NestedKey>.self) {
      let token = decoder.tape.tokens[$0]
      guard token.kind == .object else {
        throw decoder.tape.mismatch([String: Any].self, token) { path }
      }
      return KeyedDecodingContainer(JSONKeyedDecoding<NestedKey>(decoder, object: $0, path: path))
    }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let decoder = self.decoder
    let path = elementPath
    return try next((any UnkeyedDecodingContainer).self) {
      let token = decoder.tape.tokens[$0]
      guard token.kind == .array else { throw decoder.tape.mismatch([Any].self, token) { path } }
      return JSONUnkeyedDecoding(decoder, array: $0, path: path)
    }
  }

  mutating func superDecoder() throws -> any Decoder {
    let decoder = self.decoder
    let path = elementPath
    return try next((any Decoder).self) { decoder.superDecoder(at: $0, path: path) }
  }
}
