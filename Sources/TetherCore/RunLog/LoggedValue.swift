/// A value the run log keeps for display — a mutation's arguments, a page id, a failure — with
/// a readable description made only when someone reads it, so logging costs a fetch nothing
/// more than a copy.
///
/// Front ends can go further than the description: ``base`` is the value itself, and
/// ``encodable`` offers it to a `JSONEncoder` when its type is `Encodable`.
public struct LoggedValue: Sendable, CustomStringConvertible {
  /// The value itself.
  public let base: any Sendable

  /// Keeps `base` as it is; it is described only when the log is read.
  public init(_ base: any Sendable) {
    self.base = base
  }

  /// The value, when its type can be encoded.
  public var encodable: (any Encodable)? { base as? any Encodable }

  /// The value as `String(describing:)` prints it, shortened to `limit` characters with an
  /// ellipsis.
  public func description(limit: Int) -> String {
    let text: String
    switch base {
    case let string as String: text = string.debugDescription
    case let convertible as any CustomStringConvertible: text = convertible.description
    default: text = String(describing: base)
    }
    guard text.count > limit else { return text }
    return String(text.prefix(max(0, limit - 1))) + "…"
  }

  /// The value described, at most 200 characters.
  public var description: String { description(limit: 200) }
}
