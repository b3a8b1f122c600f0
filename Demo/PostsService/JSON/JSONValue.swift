import Foundation
import TetherHTTP

/// A parsed JSON document: request bodies, `--data` files, and the values the service echoes.
///
/// Reading into a tree first (instead of decoding straight into a `Decodable` type) lets the API
/// tell "field missing" from "field has the wrong type" and answer with a precise message, and
/// keeps an object's keys in the order they were written, as JavaScript does.
enum JSONValue: Sendable, Equatable {
  case null
  case boolean(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object(JSONObject)

  /// Nesting and size limits for request bodies: 32 levels (the service's documents have 3) and
  /// the largest body the HTTP layer accepts.
  static let requestBodyLimits = JSONLimits(
    maximumDepth: 32, maximumSize: HTTPRequestParser.maximumBodySize)

  /// Parses `bytes` as one JSON document, after checking them against `limits` in one linear
  /// pass; parsing is linear too, so no document costs more than its size.
  static func parse(
    _ bytes: [UInt8], limits: JSONLimits = requestBodyLimits
  ) throws(JSONReadError) -> JSONValue {
    do {
      try limits.check(Data(bytes))
    } catch {
      throw .limit(error)
    }
    do {
      return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
        var parser = JSONParser(buffer)
        return try parser.document()
      }
    } catch {
      throw .syntax(error)
    }
  }

  /// The value as an integer when it is a whole number that fits an `Int` exactly.
  var integer: Int? {
    guard case .number(let number) = self, number == number.rounded(),
      abs(number) <= 9_007_199_254_740_992
    else { return nil }
    return Int(number)
  }

  /// Whether JavaScript reads the value as false (`null`, `false`, `0`, `""`), which is how
  /// dummyjson decides that an update leaves a field unchanged.
  var isFalsy: Bool {
    switch self {
    case .null: true
    case .boolean(let value): !value
    case .number(let number): number == 0 || number.isNaN
    case .string(let text): text.isEmpty
    case .array, .object: false
    }
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

/// Why bytes could not be read as JSON: over a limit, or not JSON.
enum JSONReadError: Error, CustomStringConvertible {
  case limit(JSONLimitViolation)
  case syntax(JSONSyntaxError)

  var description: String {
    switch self {
    case .limit(let violation): violation.description
    case .syntax(let error): error.description
    }
  }
}

/// Where and why a document is not valid JSON.
struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  var message: String
  /// The byte offset of the problem.
  var offset: Int

  var description: String { "\(message) at byte \(offset)" }
}
