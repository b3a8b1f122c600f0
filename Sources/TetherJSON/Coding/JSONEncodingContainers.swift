// Each container writes every type through its generic `encode`, which witnesses the
// requirements for `Bool`, `String`, the numbers and every integer width too: the encoder
// writes those itself (``JSONStreamEncoder/encodeValue(_:depth:slot:key:)``).

/// The encoder a value's `encode(to:)` is given: its slot in the document.
struct JSONSlotEncoder: Encoder {
  let writer: JSONStreamEncoder
  let slot: Int
  /// The depth of the frame whose pending entry the slot is.
  let depth: Int
  var codingPath: [any CodingKey] { writer.codingPath(at: depth, slot: slot) }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    KeyedEncodingContainer(
      JSONKeyedEncoding<Key>(writer.openFrame(.object, slot: slot, depth: depth)))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    JSONUnkeyedEncoding(writer.openFrame(.array, slot: slot, depth: depth))
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONSingleValueEncoding(encoder: self)
  }
}

/// A JSON object being written.
struct JSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let frame: JSONStreamEncoder.FrameReference
  init(_ frame: JSONStreamEncoder.FrameReference) { self.frame = frame }
  var codingPath: [any CodingKey] { frame.writer.codingPath(at: frame.depth) }
  mutating func encodeNil(forKey key: Key) throws { try encode(JSONValue.null, forKey: key) }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    let slot = try frame.beginEntry(key: key)
    try frame.writer.encodeValue(value, depth: frame.depth, slot: slot, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(JSONKeyedEncoding<NestedKey>(frame.nested(.object, key: key)))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    JSONUnkeyedEncoding(frame.nested(.array, key: key))
  }

  mutating func superEncoder() -> any Encoder { frame.superEncoder(key: JSONKey.super) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { frame.superEncoder(key: key) }
}

/// A JSON array being written.
struct JSONUnkeyedEncoding: UnkeyedEncodingContainer {
  let frame: JSONStreamEncoder.FrameReference
  private(set) var count = 0

  init(_ frame: JSONStreamEncoder.FrameReference) { self.frame = frame }
  var codingPath: [any CodingKey] { frame.writer.codingPath(at: frame.depth) }

  /// The key of the next element, for coding paths.
  private mutating func nextKey() -> JSONKey {
    count += 1
    return JSONKey(index: count - 1)
  }

  mutating func encodeNil() throws { try encode(JSONValue.null) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    let key = nextKey()
    let slot = try frame.beginEntry(key: key)
    try frame.writer.encodeValue(value, depth: frame.depth, slot: slot, key: key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    KeyedEncodingContainer(JSONKeyedEncoding<NestedKey>(frame.nested(.object, key: nextKey())))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    JSONUnkeyedEncoding(frame.nested(.array, key: nextKey()))
  }

  mutating func superEncoder() -> any Encoder { frame.superEncoder(key: nextKey()) }
}

/// One value being written into its slot: a second one is an error.
struct JSONSingleValueEncoding: SingleValueEncodingContainer {
  let encoder: JSONSlotEncoder
  private var isWritten = false
  init(encoder: JSONSlotEncoder) { self.encoder = encoder }
  var codingPath: [any CodingKey] { encoder.codingPath }
  mutating func encodeNil() throws { try encode(JSONValue.null) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    guard !isWritten else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: codingPath,
          debugDescription: "A single value container holds one value; a second was encoded."))
    }
    isWritten = true
    // An integer of a width not written directly: its `encode(to:)` asks for itself here.
    if Value.self != Int.self, let integer = value as? any FixedWidthInteger {
      let number = JSONValue.number(JSONNumber(integer))
      return try encoder.writer.encodeValue(
        number, depth: encoder.depth, slot: encoder.slot, key: nil)
    }
    try encoder.writer.encodeValue(value, depth: encoder.depth, slot: encoder.slot, key: nil)
  }
}
