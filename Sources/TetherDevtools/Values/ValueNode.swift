import Foundation

/// A value as the value explorer shows it and "copy as JSON" writes it: objects (keys in the
/// order the value encodes them), arrays and scalars.
///
/// Made from an `Encodable` value by ``ValueEncoder`` — the way it goes over the wire — and
/// from any other value by reflection (``init(reflecting:)``).
public indirect enum ValueNode: Sendable, Hashable {
  case object([Member])
  case array([ValueNode])
  case string(String)
  /// A number, as its shortest decimal text.
  case number(String)
  case bool(Bool)
  case null

  /// A key and its value in an object.
  public struct Member: Sendable, Hashable {
    public var key: String
    public var value: ValueNode

    public init(_ key: String, _ value: ValueNode) {
      self.key = key
      self.value = value
    }
  }

  /// The value of `value`: encoded when it is `Encodable` (falling back to reflection when
  /// encoding throws), reflected otherwise.
  public init(_ value: Any) {
    if let encodable = value as? any Encodable, let node = try? ValueEncoder.encode(encodable) {
      self = node
    } else {
      self.init(reflecting: value)
    }
  }

  /// The value by reflection: stored properties in declaration order, collections as
  /// arrays, dictionaries as objects; at most `depth` levels deep (deeper levels, and an
  /// object met again inside itself, are described in one string).
  public init(reflecting value: Any, depth: Int = 64) {
    var visiting: Set<ObjectIdentifier> = []
    self = ValueNode.reflect(value, depth: depth, visiting: &visiting)
  }

  private static func reflect(_ value: Any, depth: Int, visiting: inout Set<ObjectIdentifier>)
    -> ValueNode
  {
    if let scalar = scalar(value) { return scalar }
    guard depth > 0 else { return .string(String(describing: value)) }
    let mirror = Mirror(reflecting: value)
    var identity: ObjectIdentifier?
    if mirror.displayStyle == .class {
      let object = ObjectIdentifier(value as AnyObject)
      guard !visiting.contains(object) else { return .string("<cycle \(type(of: value))>") }
      visiting.insert(object)
      identity = object
    }
    defer { if let identity { visiting.remove(identity) } }
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return .null }
      return reflect(wrapped, depth: depth, visiting: &visiting)
    case .collection, .set:
      return .array(
        mirror.children.map { reflect($0.value, depth: depth - 1, visiting: &visiting) })
    case .tuple where mirror.children.allSatisfy({ $0.label == nil }):
      return .array(
        mirror.children.map { reflect($0.value, depth: depth - 1, visiting: &visiting) })
    case .dictionary:
      let members = mirror.children.map { child -> Member in
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        let key = pair.first.map { ($0 as? String) ?? String(describing: $0) } ?? "?"
        let value = pair.count > 1 ? reflect(pair[1], depth: depth - 1, visiting: &visiting) : .null
        return Member(key, value)
      }
      return .object(members.sorted { $0.key < $1.key })
    case .enum:
      guard let payload = mirror.children.first else { return .string(String(describing: value)) }
      return .object([
        Member(
          payload.label ?? "case", reflect(payload.value, depth: depth - 1, visiting: &visiting))
      ])
    default:
      guard !mirror.children.isEmpty else { return .string(String(describing: value)) }
      var index = 0
      return .object(
        mirror.children.map { child in
          defer { index += 1 }
          return Member(
            child.label ?? "\(index)", reflect(child.value, depth: depth - 1, visiting: &visiting))
        })
    }
  }

  /// Strings, numbers, booleans, dates and URLs as scalars.
  static func scalar(_ value: Any) -> ValueNode? {
    switch value {
    case let string as String: .string(string)
    case let bool as Bool: .bool(bool)
    case let int as Int: .number(String(int))
    case let double as Double: number(double)
    case let float as Float: number(Double(float))
    case let integer as any BinaryInteger: .number(String(describing: integer))
    case let date as Date: .string(date.formatted(.iso8601))
    case let url as URL: .string(url.absoluteString)
    case let uuid as UUID: .string(uuid.uuidString)
    case let data as Data: .string("\(data.count) bytes")
    case let decimal as Decimal: .number(decimal.description)
    default: nil
    }
  }

  /// A finite double as a number; NaN and infinities as strings, as JSON has no such numbers.
  static func number(_ double: Double) -> ValueNode {
    guard double.isFinite else { return .string(String(double)) }
    if double == double.rounded(), abs(double) < 1e15 { return .number(String(Int64(double))) }
    return .number(String(double))
  }

  /// Whether the node holds other nodes.
  public var isContainer: Bool {
    switch self {
    case .object, .array: true
    default: false
    }
  }
}
