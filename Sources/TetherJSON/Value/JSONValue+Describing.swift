import Foundation

extension JSONCoder {
  /// JSON for people to read: ISO 8601 dates, data as its size, NaN as `"nan"`, `"inf"`.
  public static let readable = JSONCoder(
    dateStrategy: .iso8601, dataStrategy: .byteCount,
    nonFiniteNumberStrategy: .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"))
}

extension JSONValue {
  /// Any value as JSON to look at (`{"id":1,"title":"Hello",…}`): encoded by
  /// ``JSONCoder/readable`` when it is `Encodable`, by reflection otherwise or when that throws.
  public init(describing value: Any) {
    if let encodable = value as? any Encodable,
      let json = try? JSONValue(encoding: encodable, coder: .readable)
    {
      self = json
    } else {
      self.init(reflecting: value)
    }
  }

  /// The value by reflection: stored properties in declaration order, collections as arrays,
  /// dictionaries as objects sorted by key, an enum case with a payload as `{case: payload}`;
  /// at most `depth` levels deep (deeper levels, and an object met again inside itself, are
  /// described in one string).
  public init(reflecting value: Any, depth: Int = 64) {
    var visiting: Set<ObjectIdentifier> = []
    self = Self.reflect(value, depth: depth, visiting: &visiting)
  }

  private static func reflect(_ value: Any, depth: Int, visiting: inout Set<ObjectIdentifier>)
    -> JSONValue
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
    func child(_ value: Any) -> JSONValue { reflect(value, depth: depth - 1, visiting: &visiting) }
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return .null }
      return reflect(wrapped, depth: depth, visiting: &visiting)
    case .collection, .set,
      .tuple where mirror.children.allSatisfy({ $0.label?.first ?? "." == "." }):
      return .array(mirror.children.map { child($0.value) })  // a tuple's labels: .0, .1
    case .dictionary:
      let members = mirror.children.map { entry -> (String, JSONValue) in
        let pair = Mirror(reflecting: entry.value).children.map(\.value)
        let key = pair.first.map { ($0 as? String) ?? String(describing: $0) } ?? "?"
        return (key, pair.count > 1 ? child(pair[1]) : .null)
      }
      return .object(JSONObject(members.sorted { $0.0 < $1.0 }))
    case .enum:
      guard let payload = mirror.children.first else { return .string(String(describing: value)) }
      return .object(JSONObject([(payload.label ?? "case", child(payload.value))]))
    default:
      guard !mirror.children.isEmpty else { return .string(String(describing: value)) }
      return .object(
        JSONObject(
          mirror.children.enumerated().map { index, entry in
            (entry.label ?? "\(index)", child(entry.value))
          }))
    }
  }

  /// Strings, numbers, booleans, dates, URLs, UUIDs, data and decimals as scalars.
  private static func scalar(_ value: Any) -> JSONValue? {
    switch value {
    case let string as String: .string(string)
    case let bool as Bool: .bool(bool)
    case let integer as any BinaryInteger: .number(JSONNumber(integer))
    case let double as Double: JSONNumber(double).map(JSONValue.number) ?? .string("\(double)")
    case let float as Float: scalar(Double(float))
    case let date as Date: .string(date.formatted(.iso8601))
    case let url as URL: .string(url.absoluteString)
    case let uuid as UUID: .string(uuid.uuidString)
    case let data as Data: .string(JSONCoder.byteCount(of: data))
    case let decimal as Decimal: JSONNumber(text: decimal.description).map(JSONValue.number)
    default: nil
    }
  }
}
