import Foundation

/// The encoder a value's `encode(to:)` is given: its slot in the document.
struct JSONSlotEncoder: Encoder {
  let writer: JSONStreamEncoder
  let slot: Int
  /// The depth of the frame whose pending entry the slot is.
  let depth: Int

  var codingPath: [any CodingKey] { writer.codingPath(at: depth, slot: slot) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let frame = writer.openFrame(.object, slot: slot, depth: depth)
    return KeyedEncodingContainer(
      JSONKeyedEncoding<Key>(writer: writer, id: frame.id, depth: frame.depth))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let frame = writer.openFrame(.array, slot: slot, depth: depth)
    return JSONUnkeyedEncoding(writer, id: frame.id, depth: frame.depth)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONSingleValueEncoding(encoder: self)
  }
}

/// An index in an array, for coding paths.
struct JSONIndexKey: CodingKey {
  let intValue: Int?

  init(_ index: Int) { intValue = index }
  init?(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }

  var stringValue: String { "Index \(intValue ?? 0)" }
}

/// A JSON object being written.
struct JSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol, JSONKeyedIntegerEncoding {
  let writer: JSONStreamEncoder
  let id: Int
  let depth: Int

  var codingPath: [any CodingKey] { writer.codingPath(at: depth) }

  private func begin(_ key: Key) throws -> Int {
    try writer.beginEntry(frame: id, depth: depth, key: key)
  }

  mutating func encodeNil(forKey key: Key) throws { try scalar(key) { w, _ in w.writeNull() } }
  mutating func encode(_ value: Bool, forKey key: Key) throws {
    try scalar(key) { w, _ in w.writeBool(value) }
  }
  mutating func encode(_ value: String, forKey key: Key) throws {
    try scalar(key) { w, _ in w.writeString(value) }
  }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    try scalar(key) { try $0.writeFloatingPoint(value, depth: depth, slot: $1, key: key) }
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    try scalar(key) { try $0.writeFloatingPoint(value, depth: depth, slot: $1, key: key) }
  }
  mutating func encode(_ value: Int128, forKey key: Key) throws {
    try encodeInteger(value, key)
  }
  mutating func encode(_ value: UInt128, forKey key: Key) throws {
    try encodeInteger(value, key)
  }

  func encodeInteger<Integer: FixedWidthInteger>(_ value: Integer, _ key: Key) throws {
    try scalar(key) { w, _ in w.writeInteger(value) }
  }

  /// Begins the entry `key` and writes a scalar with `write` (given the writer and the slot).
  private func scalar(
    _ key: Key, _ write: (JSONStreamEncoder, Int) throws -> Void
  ) throws {
    let slot = try begin(key)
    try write(writer, slot)
    writer.didWriteScalar(at: depth)
  }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    let slot = try begin(key)
    try writer.encodeValue(value, depth: depth, slot: slot, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let frame = nested(.object, key)
    return KeyedEncodingContainer(
      JSONKeyedEncoding<NestedKey>(writer: writer, id: frame.id, depth: frame.depth))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let frame = nested(.array, key)
    return JSONUnkeyedEncoding(writer, id: frame.id, depth: frame.depth)
  }

  private func nested(_ kind: JSONStreamEncoder.Kind, _ key: Key) -> (id: Int, depth: Int) {
    guard let slot = try? begin(key) else { return (-1, -1) }
    writer.name(slot: slot, depth: depth, key)
    return writer.openFrame(kind, slot: slot, depth: depth)
  }

  mutating func superEncoder() -> any Encoder {
    superEncoder(named: JSONSuperKey.super)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    superEncoder(named: key)
  }

  private func superEncoder(named key: any CodingKey) -> any Encoder {
    let slot = (try? writer.beginEntry(frame: id, depth: depth, key: key)) ?? -1
    writer.name(slot: slot, depth: depth, key)
    return JSONSlotEncoder(writer: writer, slot: slot, depth: depth)
  }
}

/// The key `superEncoder()` and `superDecoder()` use.
enum JSONSuperKey: String, CodingKey {
  case `super`
}

/// A JSON array being written.
struct JSONUnkeyedEncoding: UnkeyedEncodingContainer, JSONIntegerEncoding {
  let writer: JSONStreamEncoder
  let id: Int
  let depth: Int
  private(set) var count = 0

  init(_ writer: JSONStreamEncoder, id: Int, depth: Int) {
    self.writer = writer
    self.id = id
    self.depth = depth
  }

  var codingPath: [any CodingKey] { writer.codingPath(at: depth) }

  private mutating func begin() throws -> Int {
    let slot = try writer.beginEntry(frame: id, depth: depth, key: nil)
    count += 1
    return slot
  }

  mutating func encodeNil() throws { try scalar { w, _ in w.writeNull() } }
  mutating func encode(_ value: Bool) throws { try scalar { w, _ in w.writeBool(value) } }
  mutating func encode(_ value: String) throws { try scalar { w, _ in w.writeString(value) } }
  mutating func encode(_ value: Double) throws {
    try scalar { [depth, count] in
      try $0.writeFloatingPoint(value, depth: depth, slot: $1, key: JSONIndexKey(count - 1))
    }
  }
  mutating func encode(_ value: Float) throws {
    try scalar { [depth, count] in
      try $0.writeFloatingPoint(value, depth: depth, slot: $1, key: JSONIndexKey(count - 1))
    }
  }

  mutating func encode(_ value: Int128) throws { try encodeInteger(value) }
  mutating func encode(_ value: UInt128) throws { try encodeInteger(value) }

  mutating func encodeInteger<Integer: FixedWidthInteger>(_ value: Integer) throws {
    try scalar { w, _ in w.writeInteger(value) }
  }

  private mutating func scalar(_ write: (JSONStreamEncoder, Int) throws -> Void) throws {
    let slot = try begin()
    try write(writer, slot)
    writer.didWriteScalar(at: depth)
  }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    let slot = try begin()
    try writer.encodeValue(value, depth: depth, slot: slot, key: JSONIndexKey(count - 1))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let frame = nested(.object)
    return KeyedEncodingContainer(
      JSONKeyedEncoding<NestedKey>(writer: writer, id: frame.id, depth: frame.depth))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let frame = nested(.array)
    return JSONUnkeyedEncoding(writer, id: frame.id, depth: frame.depth)
  }

  private mutating func nested(_ kind: JSONStreamEncoder.Kind) -> (id: Int, depth: Int) {
    guard let slot = try? begin() else { return (-1, -1) }
    writer.name(slot: slot, depth: depth, JSONIndexKey(count - 1))
    return writer.openFrame(kind, slot: slot, depth: depth)
  }

  mutating func superEncoder() -> any Encoder {
    let slot = (try? begin()) ?? -1
    writer.name(slot: slot, depth: depth, JSONIndexKey(count - 1))
    return JSONSlotEncoder(writer: writer, slot: slot, depth: depth)
  }
}

/// One value being written into its slot.
struct JSONSingleValueEncoding: SingleValueEncodingContainer, JSONIntegerEncoding {
  let encoder: JSONSlotEncoder
  private var isWritten = false

  init(encoder: JSONSlotEncoder) {
    self.encoder = encoder
  }

  var codingPath: [any CodingKey] { encoder.codingPath }
  private var writer: JSONStreamEncoder { encoder.writer }

  /// Writes one scalar into the slot with `write`: a second value is an error, and a slot its
  /// parent moved past is encoded by the fallback.
  private mutating func scalar(
    _ value: Any, _ write: (JSONStreamEncoder, Int) throws -> Void
  ) throws {
    try checkFirst(value)
    guard writer.prepareSlot(encoder.slot, depth: encoder.depth) else { throw writer.fallback() }
    try write(writer, encoder.slot)
    writer.didWriteScalar(at: encoder.depth)
    isWritten = true
  }

  private func checkFirst(_ value: Any) throws {
    guard isWritten else { return }
    throw EncodingError.invalidValue(
      value,
      EncodingError.Context(
        codingPath: codingPath,
        debugDescription: "A single value container holds one value; a second was encoded."))
  }

  mutating func encodeNil() throws { try scalar(Int?.none as Any) { w, _ in w.writeNull() } }
  mutating func encode(_ value: Bool) throws { try scalar(value) { w, _ in w.writeBool(value) } }
  mutating func encode(_ value: String) throws {
    try scalar(value) { w, _ in w.writeString(value) }
  }
  mutating func encode(_ value: Double) throws {
    try scalar(value) { [encoder] in
      try $0.writeFloatingPoint(value, depth: encoder.depth, slot: $1, key: nil)
    }
  }
  mutating func encode(_ value: Float) throws {
    try scalar(value) { [encoder] in
      try $0.writeFloatingPoint(value, depth: encoder.depth, slot: $1, key: nil)
    }
  }

  mutating func encode(_ value: Int128) throws { try encodeInteger(value) }
  mutating func encode(_ value: UInt128) throws { try encodeInteger(value) }

  mutating func encodeInteger<Integer: FixedWidthInteger>(_ value: Integer) throws {
    try scalar(value) { w, _ in w.writeInteger(value) }
  }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    try checkFirst(value)
    try writer.encodeValue(value, depth: encoder.depth, slot: encoder.slot, key: nil)
    isWritten = true
  }
}
