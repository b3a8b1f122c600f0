import Foundation

/// The decoder behind ``SnapshotJSON/decode(_:from:limits:)``: reads values from a parsed
/// ``JSONTape``. One decoder serves a whole document; decoding a nested value moves it to that
/// value and back.
final class JSONTapeDecoder: Decoder {
  let tape: JSONTape
  /// The token of the value being decoded.
  private(set) var index = 0
  private(set) var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ tape: JSONTape, index: Int = 0, codingPath: [any CodingKey] = []) {
    self.tape = tape
    self.index = index
    self.codingPath = codingPath
  }

  func decodeRoot<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try decode(type, at: 0) { [] }
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let token = tape.tokens[index]
    guard token.kind == .object else {
      throw tape.mismatch([String: Any].self, token) { codingPath }
    }
    return KeyedDecodingContainer(JSONKeyedDecoding<Key>(self, object: index, path: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let token = tape.tokens[index]
    guard token.kind == .array else { throw tape.mismatch([Any].self, token) { codingPath } }
    return JSONUnkeyedDecoding(self, array: index, path: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    JSONSingleValueDecoding(self, index: index, path: codingPath)
  }

  /// The value at token `index`, whose coding path is `path()`; scalars and Foundation's
  /// special types are read directly, others by their `init(from:)`.
  func decode<Value: Decodable>(
    _ type: Value.Type, at index: Int, path: () -> [any CodingKey]
  ) throws -> Value {
    if Value.self == String.self {
      return unsafeBitCast(try tape.string(at: index, path), to: Value.self)
    } else if Value.self == Int.self {
      return unsafeBitCast(try tape.int(at: index, path), to: Value.self)
    } else if Value.self == Bool.self {
      return unsafeBitCast(try tape.bool(at: index, path), to: Value.self)
    } else if Value.self == Double.self {
      return unsafeBitCast(try tape.double(at: index, path), to: Value.self)
    } else if Value.self == Date.self {
      let seconds = try tape.double(at: index, path)
      return unsafeBitCast(Date(timeIntervalSinceReferenceDate: seconds), to: Value.self)
    } else if Value.self == Data.self {
      let text = try tape.string(at: index, path)
      guard let data = Data(base64Encoded: text) else {
        throw tape.dataCorrupted("Encountered Data is not valid Base64.", path)
      }
      return unsafeBitCast(data, to: Value.self)
    } else if Value.self == URL.self {
      guard let url = URL(string: try tape.string(at: index, path)) else {
        throw tape.dataCorrupted("Invalid URL string.", path)
      }
      return unsafeBitCast(url, to: Value.self)
    } else if Value.self == Decimal.self {
      return unsafeBitCast(try tape.decimal(at: index, path), to: Value.self)
    } else if Value.self == [String].self {
      return unsafeBitCast(try strings(at: index, path), to: Value.self)
    }
    let saved = (self.index, codingPath)
    self.index = index
    codingPath = path()
    defer { (self.index, codingPath) = saved }
    return try Value(from: self)
  }

  /// The array of strings at `index`, read without an unkeyed container: tags, names, ids.
  private func strings(at index: Int, _ path: () -> [any CodingKey]) throws -> [String] {
    let token = tape.tokens[index]
    guard token.kind == .array else { throw tape.mismatch([String].self, token, path) }
    var strings: [String] = []
    strings.reserveCapacity(Int(token.length))
    var element = index + 1
    while element < Int(token.end) {
      let position = strings.count
      strings.append(try tape.string(at: element) { path() + [JSONIndexKey(position)] })
      element = tape.next(after: element)
    }
    return strings
  }

  /// A decoder of the value at `index` (the null token when nil): a super decoder.
  func superDecoder(at index: Int?, path: [any CodingKey]) -> any Decoder {
    JSONTapeDecoder(tape, index: index ?? tape.nullIndex, codingPath: path)
  }
}

/// One value being read.
struct JSONSingleValueDecoding: SingleValueDecodingContainer {
  let decoder: JSONTapeDecoder
  let index: Int
  let codingPath: [any CodingKey]

  init(_ decoder: JSONTapeDecoder, index: Int, path: [any CodingKey]) {
    self.decoder = decoder
    self.index = index
    codingPath = path
  }

  private var tape: JSONTape { decoder.tape }

  func decodeNil() -> Bool { tape.tokens[index].kind == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try tape.bool(at: index) { codingPath } }
  func decode(_ type: String.Type) throws -> String { try tape.string(at: index) { codingPath } }
  func decode(_ type: Double.Type) throws -> Double { try tape.double(at: index) { codingPath } }
  func decode(_ type: Float.Type) throws -> Float { try tape.float(at: index) { codingPath } }
  func decode(_ type: Int.Type) throws -> Int { try tape.int(at: index) { codingPath } }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
  func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

  private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
    try tape.integer(type, at: index) { codingPath }
  }

  func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
    try decoder.decode(type, at: index) { codingPath }
  }
}
