import Foundation

/// The JSON coder of snapshot payloads: any `Codable` value to UTF-8 JSON and back, several
/// times faster than Foundation's coders on the small values a store holds.
///
/// Encoding writes UTF-8 straight into one byte buffer as the value's `encode(to:)` runs;
/// decoding parses the document once into a flat list of tokens and reads values from it. The
/// text is plain RFC 8259 JSON, which `JSONDecoder` reads too, with one representation per
/// type:
///
/// - integers of every width as integers, `Double` and `Float` as their shortest exact
///   decimal (`1.5`, `42.0`, `1e-07`); a non-finite one is an `EncodingError`;
/// - `Date` as its seconds since 1 January 2001 (`timeIntervalSinceReferenceDate`, exact, and
///   Foundation's default), `Data` as Base64, `URL` as its absolute string, `Decimal` as a
///   number;
/// - a string with `"`, `\` and control characters escaped, everything else as UTF-8;
/// - an optional's `nil` as `null` (or a missing key, as `encodeIfPresent` leaves it), a value
///   that encodes nothing as `{}`.
///
/// ```swift
/// let data = try SnapshotJSON.encode(post)
/// let copy = try SnapshotJSON.decode(Post.self, from: data)
/// ```
///
/// Malformed text, a document deeper or larger than ``Limits`` and a value of the wrong shape
/// are a `DecodingError` whose coding path and description say where. A key written twice is
/// read from its last occurrence. A type that writes into a container after a container
/// nested in it was given up — legal `Codable`, but never seen in practice — is encoded by
/// `JSONEncoder` set to the same representation instead.
enum SnapshotJSON {
  /// The deepest and largest document ``decode(_:from:limits:)`` reads: what keeps a damaged
  /// cache file from costing more than its size in time and memory.
  struct Limits: Sendable, Hashable {
    /// Arrays and objects nested deeper than this are refused; `[[1]]` has depth 2.
    var maximumDepth: Int
    /// Documents larger than this many bytes are refused.
    var maximumSize: Int

    /// 128 levels and 32 MiB, as TetherHTTP's `JSONLimits.default`.
    static let `default` = Limits(maximumDepth: 128, maximumSize: 32 << 20)
  }

  /// `value` as JSON.
  static func encode<Value: Encodable>(_ value: Value) throws -> Data {
    let writer = JSONStreamEncoder()
    do {
      try writer.encodeRoot(value)
      return Data(writer.bytes)
    } catch  where writer.needsFallback {
      return try fallbackEncoder().encode(value)
    }
  }

  /// The value of type `type` that `data` holds.
  static func decode<Value: Decodable>(
    _ type: Value.Type, from data: Data, limits: Limits = .default
  ) throws -> Value {
    let tape = try JSONTape.parsing(data, limits: limits)
    return try JSONTapeDecoder(tape).decodeRoot(type)
  }

  /// `JSONEncoder` writing the same representation, for the few types the streaming encoder
  /// cannot follow.
  static func fallbackEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .deferredToDate
    encoder.dataEncodingStrategy = .base64
    encoder.nonConformingFloatEncodingStrategy = .throw
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return encoder
  }
}
