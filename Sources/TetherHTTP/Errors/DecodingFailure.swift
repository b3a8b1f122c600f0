import Foundation

/// A body that could not be read as the endpoint's response type: which type, where in the
/// document, why, and how the body begins.
public struct DecodingFailure: Sendable, CustomStringConvertible {
  /// The type being decoded, e.g. `PostsPage`.
  public var typeName: String
  /// Where decoding stopped, e.g. `posts[3].title`; empty at the top level.
  public var codingPath: String
  /// Why decoding failed.
  public var reason: String
  /// The first bytes of the body as text, control characters escaped.
  public var bodyPrefix: String

  /// A body that did not decode as `typeName`: where in it, why, and how it started.
  public init(typeName: String, codingPath: String, reason: String, bodyPrefix: String) {
    self.typeName = typeName
    self.codingPath = codingPath
    self.reason = reason
    self.bodyPrefix = bodyPrefix
  }

  /// Describes `error` thrown while parsing `body` as `type`.
  init(_ error: any Error, decoding type: Any.Type, body: Data) {
    typeName = String(describing: type)
    bodyPrefix = TextExcerpt.of(body)
    switch error {
    case DecodingError.typeMismatch(let expected, let context):
      codingPath = Self.render(context.codingPath)
      reason = "expected \(expected): \(context.debugDescription)"
    case DecodingError.valueNotFound(let expected, let context):
      codingPath = Self.render(context.codingPath)
      reason = "expected \(expected) but found null: \(context.debugDescription)"
    case DecodingError.keyNotFound(let key, let context):
      codingPath = Self.render(context.codingPath + [key])
      reason = "the key \"\(key.stringValue)\" is missing"
    case DecodingError.dataCorrupted(let context):
      codingPath = Self.render(context.codingPath)
      let underlying = (context.underlyingError).map { ": \($0)" } ?? ""
      reason = context.debugDescription + underlying
    default:
      codingPath = ""
      reason = "\(error)"
    }
  }

  /// `posts[3].title`
  static func render(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += text.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return text
  }

  public var description: String {
    let location = codingPath.isEmpty ? "" : " at \(codingPath)"
    let body = bodyPrefix.isEmpty ? "the body is empty" : "the body begins: \(bodyPrefix)"
    return "The response could not be read as \(typeName)\(location): \(reason); \(body)"
  }
}
