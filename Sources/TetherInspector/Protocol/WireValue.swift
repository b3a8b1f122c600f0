import Foundation
import TetherCore
import TetherJSON

/// A store's value, a mutation's arguments or a failure on the wire: `{"json": …}` when it is
/// `Encodable` (members named like credentials redacted), `{"text": "…"}` — its description —
/// otherwise, and `{"cut": bytes, "text": "…"}` when its JSON is over the size limit.
enum WireValue {
  /// The longest description sent, in characters.
  static let textLimit = 2000

  /// Writes `value` into `json`: a number, a Boolean or a short string without a tree of
  /// values made first.
  static func write(_ value: any Sendable, limit: Int, into json: inout JSONWriter) {
    switch value {
    case let int as Int: json.object { $0.field("json", int) }
    case let bool as Bool: json.object { $0.field("json", bool) }
    case let double as Double where double.isFinite: json.object { $0.field("json", double) }
    case let string as String where string.utf8.count * 6 + 2 <= limit:
      json.object { $0.field("json", string) }
    default: json.value(encode(value, limit: limit))
    }
  }

  /// Writes the member `name` with `date` in seconds since 1970, unless it is nil (left out).
  static func write(_ date: Date?, as name: String, into json: inout JSONWriter) {
    guard let date else { return }
    json.field(name, date.timeIntervalSince1970)
  }

  /// Writes `path`: integers as numbers, strings as strings, other elements as their
  /// descriptions.
  static func write(_ path: OperationPath, into json: inout JSONWriter) {
    json.array { json in
      for element in path {
        switch element.base {
        case let int as Int: json.value(int)
        case let string as String: json.value(string)
        default: json.value(element.description)
        }
      }
    }
  }

  static func encode(_ value: any Sendable, limit: Int) -> JSONValue {
    if let scalar = scalar(value, limit: limit) { return ["json": scalar] }
    if let encodable = value as? any Encodable,
      let bytes = try? JSONCoder(dateStrategy: .iso8601, dataStrategy: .byteCount).encode(
        encodable)
    {
      guard bytes.count <= limit else {
        let prefix = String(decoding: bytes.prefix(textLimit), as: UTF8.self)
        return ["cut": .number(JSONNumber(bytes.count)), "text": .string(prefix + "…")]
      }
      if let json = try? JSONValue(
        parsing: bytes,
        limits: JSONLimits(maximumDepth: JSONLimits.deepestSupported, maximumSize: .max))
      {
        return ["json": redacted(json)]
      }
    }
    return [
      "text": .string(Redaction.standard.text(LoggedValue(value).description(limit: textLimit)))
    ]
  }

  /// A number, a Boolean or a short string as JSON without a coder (most values of many small
  /// stores); nil for anything else.
  private static func scalar(_ value: any Sendable, limit: Int) -> JSONValue? {
    switch value {
    case let int as Int: .number(JSONNumber(int))
    case let bool as Bool: .bool(bool)
    case let double as Double: JSONNumber(double).map(JSONValue.number)
    case let string as String where string.utf8.count * 6 + 2 <= limit: .string(string)
    default: nil
    }
  }

  /// What a viewer shows: the JSON value itself (its explorer draws the tree), or the text.
  static func decode(_ json: JSONValue?) -> any Sendable {
    guard let json else { return InspectedText("") }
    if let value = json["json"] { return value }
    let text = json["text"]?.string ?? ""
    if let cut = json["cut"]?.integer {
      return InspectedText("value of \(cut) bytes, over the inspector's limit: \(text)")
    }
    return InspectedText(text)
  }

  /// `json` with the values of members whose names say they hold a secret masked.
  static func redacted(_ json: JSONValue) -> JSONValue {
    switch json {
    case .object(let object):
      return .object(
        JSONObject(
          object.map { member in
            Redaction.standard.isSecret(member.key)
              ? (member.key, .string(Redaction.mask)) : (member.key, redacted(member.value))
          }))
    case .array(let elements):
      return .array(elements.map(redacted))
    default:
      return json
    }
  }
}

/// A value of another process that is not `Encodable`, as its description; shown as is.
public struct InspectedText: Sendable, Hashable, CustomStringConvertible, Encodable {
  public var description: String

  /// The value described by `description`.
  public init(_ description: String) {
    self.description = description
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// A failure in another process, as its description (credentials redacted).
public struct InspectedFailure: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String

  /// The failure described by `description`.
  public init(_ description: String) {
    self.description = description
  }
}
