/// An HTTP request method.
///
/// The common methods are static members; any other token can be written with
/// `HTTPMethod(rawValue:)`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public static let get = HTTPMethod(rawValue: "GET")
  public static let post = HTTPMethod(rawValue: "POST")
  public static let put = HTTPMethod(rawValue: "PUT")
  public static let patch = HTTPMethod(rawValue: "PATCH")
  public static let delete = HTTPMethod(rawValue: "DELETE")
  public static let head = HTTPMethod(rawValue: "HEAD")

  public var description: String { rawValue }
}
