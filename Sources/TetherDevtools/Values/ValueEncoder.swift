import Foundation

/// Encodes an `Encodable` value into a ``ValueNode`` with its keys in the order the value
/// encodes them (a synthesized `Codable` type: declaration order) — unlike `JSONEncoder`,
/// whose objects come out in hash order. Dates become ISO 8601 strings, URLs strings, data its
/// size.
///
/// ```swift
/// let node = try ValueEncoder.encode(post)   // .object([Member("id", .number("1")), ...])
/// ```
public enum ValueEncoder {
  public static func encode(_ value: any Encodable) throws -> ValueNode {
    let root = Slot()
    try encode(value, into: root, codingPath: [])
    return root.node
  }

  static func encode(_ value: any Encodable, into slot: Slot, codingPath: [any CodingKey]) throws {
    if let scalar = special(value) {
      slot.set(scalar)
      return
    }
    let encoder = NodeEncoder(slot: slot, codingPath: codingPath)
    try value.encode(to: encoder)
  }

  /// Types encoded as one readable scalar rather than through their own `encode(to:)`.
  static func special(_ value: Any) -> ValueNode? {
    switch value {
    case let date as Date: .string(date.formatted(.iso8601))
    case let url as URL: .string(url.absoluteString)
    case let data as Data: .string("\(data.count) bytes")
    case let decimal as Decimal: .number(decimal.description)
    // Integers the containers have no method of their own for (`Int64`, `UInt8`…): encoding
    // them through their own `encode(to:)` would come back here for ever.
    case let integer as any BinaryInteger: .number(String(describing: integer))
    case let float as any BinaryFloatingPoint: ValueNode.number(Double(float))
    default: nil
    }
  }

  /// Where one encoded value goes; containers fill it in place as they are encoded.
  final class Slot {
    enum Kind {
      case empty, scalar, object, array
    }

    var kind = Kind.empty
    var scalar = ValueNode.null
    var members: [(key: String, slot: Slot)] = []
    var keyIndex: [String: Int] = [:]
    var elements: [Slot] = []

    var node: ValueNode {
      switch kind {
      case .empty: .object([])
      case .scalar: scalar
      case .object: .object(members.map { ValueNode.Member($0.key, $0.slot.node) })
      case .array: .array(elements.map(\.node))
      }
    }

    func set(_ node: ValueNode) {
      kind = .scalar
      scalar = node
    }

    /// A new slot under `key`; a key encoded twice keeps its first place and its last value.
    func member(_ key: String) -> Slot {
      makeObject()
      let slot = Slot()
      if let index = keyIndex[key] {
        members[index].slot = slot
      } else {
        keyIndex[key] = members.count
        members.append((key, slot))
      }
      return slot
    }

    func element() -> Slot {
      makeArray()
      let slot = Slot()
      elements.append(slot)
      return slot
    }

    func makeObject() {
      guard kind != .object else { return }
      kind = .object
      members = []
      keyIndex = [:]
    }

    func makeArray() {
      guard kind != .array else { return }
      kind = .array
      elements = []
    }

    var count: Int { kind == .array ? elements.count : members.count }
  }
}

private struct NodeEncoder: Encoder {
  let slot: ValueEncoder.Slot
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    slot.makeObject()
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(slot: slot, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    slot.makeArray()
    return UnkeyedNodeContainer(slot: slot, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleNodeContainer(slot: slot, codingPath: codingPath)
  }
}

private struct IndexKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(_ index: Int) {
    stringValue = "\(index)"
    intValue = index
  }
  init?(stringValue: String) {
    self.stringValue = stringValue
    intValue = Int(stringValue)
  }
  init?(intValue: Int) { self.init(intValue) }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let slot: ValueEncoder.Slot
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { slot.member(key.stringValue).set(.null) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    set(ValueNode.number(value), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(ValueNode.number(Double(value)), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(String(value)), key) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try ValueEncoder.encode(
      value, into: slot.member(key.stringValue), codingPath: codingPath + [key])
  }

  private func set(_ node: ValueNode, _ key: Key) {
    slot.member(key.stringValue).set(node)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = slot.member(key.stringValue)
    child.makeObject()
    return KeyedEncodingContainer(
      KeyedNodeContainer<NestedKey>(slot: child, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = slot.member(key.stringValue)
    child.makeArray()
    return UnkeyedNodeContainer(slot: child, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(slot: slot.member("super"), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
  }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let slot: ValueEncoder.Slot
  let codingPath: [any CodingKey]
  var count: Int { slot.count }

  mutating func encodeNil() throws { slot.element().set(.null) }
  mutating func encode(_ value: Bool) throws { slot.element().set(.bool(value)) }
  mutating func encode(_ value: String) throws { slot.element().set(.string(value)) }
  mutating func encode(_ value: Double) throws {
    slot.element().set(ValueNode.number(value))
  }
  mutating func encode(_ value: Int) throws {
    slot.element().set(.number(String(value)))
  }
  mutating func encode<T: Encodable>(_ value: T) throws {
    let key = IndexKey(count)
    try ValueEncoder.encode(value, into: slot.element(), codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = slot.element()
    child.makeObject()
    return KeyedEncodingContainer(
      KeyedNodeContainer<NestedKey>(slot: child, codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = slot.element()
    child.makeArray()
    return UnkeyedNodeContainer(slot: child, codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(slot: slot.element(), codingPath: codingPath)
  }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
  let slot: ValueEncoder.Slot
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { slot.set(.null) }
  mutating func encode(_ value: Bool) throws { slot.set(.bool(value)) }
  mutating func encode(_ value: String) throws { slot.set(.string(value)) }
  mutating func encode(_ value: Double) throws { slot.set(ValueNode.number(value)) }
  mutating func encode(_ value: Float) throws {
    slot.set(ValueNode.number(Double(value)))
  }
  mutating func encode(_ value: Int) throws { slot.set(.number(String(value))) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    try ValueEncoder.encode(value, into: slot, codingPath: codingPath)
  }
}
