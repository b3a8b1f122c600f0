import Foundation

/// A parsed JSON document, used to read request bodies.
///
/// Reading into a tree first (instead of decoding straight into a `Decodable` type) lets the API
/// tell "field missing" from "field has the wrong type" and answer with a precise message.
enum JSONValue: Sendable, Equatable {
  case null
  case boolean(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// Parses `bytes`; throws when they are not one valid JSON document.
  static func parse(_ bytes: [UInt8]) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
  }

  /// The value as an integer when it is a whole number that fits an `Int`.
  var integer: Int? {
    guard case .number(let number) = self, number == number.rounded(),
      abs(number) <= 9_007_199_254_740_992
    else { return nil }
    return Int(number)
  }

  /// A short name of the value's type for error messages ("a string", "an object", ...).
  var typeDescription: String {
    switch self {
    case .null: "null"
    case .boolean: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension JSONValue: Decodable {
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let boolean = try? container.decode(Bool.self) {
      self = .boolean(boolean)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }
}
