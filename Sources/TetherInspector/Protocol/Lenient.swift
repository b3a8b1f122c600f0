import Foundation

/// An element of a list that is skipped when it cannot be read, rather than failing the list:
/// a store or an entry of another version, or garbage, costs that element only.
struct Lenient<Wrapped: Decodable>: Decodable {
  var value: Wrapped?

  init(from decoder: any Decoder) throws {
    value = try? Wrapped(from: decoder)
  }
}

extension KeyedDecodingContainer {
  /// The value of `key` as a `Value`, or nil when it is missing or of another type: a field
  /// that cannot be read is left at its default, as a missing one is.
  func field<Value: Decodable>(_ key: Key, as type: Value.Type = Value.self) -> Value? {
    (try? decodeIfPresent(type, forKey: key)) ?? nil
  }

  /// The date of `key`, written as seconds since 1970.
  func date(_ key: Key) -> Date? {
    field(key, as: Double.self).flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
  }
}
