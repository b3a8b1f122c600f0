import Foundation

/// Any `Codable` value to JSON and back, several times faster than Foundation's coders: the
/// encoder writes UTF-8 as `encode(to:)` runs, the decoder reads from one linear parse within
/// ``limits``. `let data = try JSONCoder().encode(post)`.
///
/// `JSONDecoder` (same strategies) reads what it writes — what `JSONEncoder` writes, except
/// that keys keep their encoding order and `/` is not escaped: exact integers, the shortest
/// exact decimal of a `Double` (`0.1`, `42`), a `URL` as its absolute string, a `Decimal` as
/// a number, nil as `null` (or no key), a value that encodes nothing as `{}`. And it reads
/// what `JSONEncoder` writes.
///
/// Malformed text and a document past the limits are a `DecodingError.dataCorrupted` whose
/// underlying error is the ``JSONError``; a value of the wrong shape is the `DecodingError`
/// `JSONDecoder` throws. A key written twice reads its last value. A type that writes into a
/// container after leaving one nested in it (legal, never seen) is encoded by `JSONEncoder`.
public struct JSONCoder: Sendable {
  /// How a `Date` is written and read.
  public enum DateStrategy: Sendable, Hashable {
    /// Seconds since 1 January 2001, a number: exact, and Foundation's default.
    case secondsSinceReferenceDate
    /// ISO 8601 text in UTC, to the second: `2025-01-31T12:00:00Z`.
    case iso8601
  }

  /// How `Data` is written and read.
  public enum DataStrategy: Sendable, Hashable {
    /// Base64 text.
    case base64
    /// Its size as text, `"1024 bytes"`, for display: it cannot be read back.
    case byteCount
  }

  /// How NaN and the infinities, which JSON has no numbers for, are written and read.
  public enum NonFiniteNumberStrategy: Sendable, Hashable {
    /// Encoding one is an `EncodingError`.
    case `throw`
    /// As these strings.
    case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }

  public var dateStrategy: DateStrategy
  public var dataStrategy: DataStrategy
  public var nonFiniteNumberStrategy: NonFiniteNumberStrategy
  /// The limits documents are read within.
  public var limits: JSONLimits

  /// A coder with the given strategies and limits; the defaults are `JSONEncoder`'s and
  /// ``JSONLimits/default``.
  public init(
    dateStrategy: DateStrategy = .secondsSinceReferenceDate, dataStrategy: DataStrategy = .base64,
    nonFiniteNumberStrategy: NonFiniteNumberStrategy = .throw, limits: JSONLimits = .default
  ) {
    self.dateStrategy = dateStrategy
    self.dataStrategy = dataStrategy
    self.nonFiniteNumberStrategy = nonFiniteNumberStrategy
    self.limits = limits
  }

  /// `value` as JSON.
  public func encode<Value: Encodable>(_ value: Value) throws -> Data {
    let encoder = JSONStreamEncoder(self)
    do {
      try encoder.encodeRoot(value)
      return Data(encoder.writer.bytes)
    } catch  where encoder.needsFallback {
      return try foundationEncoder().encode(value)
    }
  }

  /// The value of type `type` that the JSON document in `bytes` (`Data`, `[UInt8]`, a
  /// string's `utf8`) holds.
  public func decode<Value: Decodable>(_ type: Value.Type, from bytes: some Sequence<UInt8>)
    throws -> Value
  {
    let tape: JSONTape
    do {
      tape = try JSONTape(parsing: bytes, limits: limits)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON: \(error).",
          underlyingError: error))
    }
    return try JSONTapeDecoder(tape, self).decode(type, at: 0) { [] }
  }

  /// The value of type `type` that `value` holds.
  public func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
    var coder = self
    coder.limits = .unlimited
    return try coder.decode(type, from: JSONWriter.bytes(of: value))
  }

  /// `JSONEncoder` writing what this coder writes, for the types the streaming encoder cannot
  /// follow.
  private func foundationEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    encoder.dateEncodingStrategy = dateStrategy == .iso8601 ? .iso8601 : .deferredToDate
    if dataStrategy == .byteCount {
      encoder.dataEncodingStrategy = .custom { data, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(Self.byteCount(of: data))
      }
    }
    if case .convertToString(let positive, let negative, let nan) = nonFiniteNumberStrategy {
      encoder.nonConformingFloatEncodingStrategy = .convertToString(
        positiveInfinity: positive, negativeInfinity: negative, nan: nan)
    }
    return encoder
  }

  static func byteCount(of data: Data) -> String { "\(data.count) bytes" }
}

extension JSONValue {
  /// `value` as JSON, its objects' keys in the order it encodes them (declaration order, for
  /// synthesized conformances), written by `coder`.
  public init(encoding value: some Encodable, coder: JSONCoder = JSONCoder()) throws {
    self = try JSONValue(parsing: coder.encode(value), limits: .unlimited)
  }
}
