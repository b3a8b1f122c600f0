/// A JSON document as a Swift value: objects keep their members in the order they were
/// written (``JSONObject``), numbers their exact text (``JSONNumber``). Parse one from bytes,
/// encode one from any `Encodable`, or write one with a literal:
///
/// ```swift
/// let body = try JSONValue(parsing: Data(#"{"title": "Hello", "tags": ["a"]}"#.utf8))
/// let reply: JSONValue = ["id": 1, "draft": false, "parent": .null]  // {"id":1,"draft":false,…
/// ```
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(JSONNumber)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// The member named `key` when the value is an object that has one.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  /// The value as JSON text laid out in `style`.
  public func text(_ style: JSONWriter.Style = .compact) -> String {
    String(decoding: JSONWriter.bytes(of: self, style: style), as: UTF8.self)
  }
}

extension JSONValue: CustomStringConvertible {
  /// The value as compact JSON text.
  public var description: String { text() }
}

extension JSONValue: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral
{
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
  public init(floatLiteral value: Double) { self = .number(JSONNumber(floatLiteral: value)) }
  public init(stringLiteral value: String) { self = .string(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral members: (String, JSONValue)...) {
    self = .object(JSONObject(members))
  }
}
