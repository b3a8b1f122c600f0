/// How deep, how large and how long-numbered a JSON document may be, so that a hostile one
/// costs no more than its size. Foundation's parser traps past 512 levels, so no limit goes
/// beyond: a document that passes ``check(_:)`` is safe to hand to `JSONDecoder` too.
///
/// ```swift
/// try JSONLimits(maximumDepth: 32, maximumSize: 1 << 20).check(body)   // throws JSONError
/// ```
public struct JSONLimits: Sendable, Hashable {
  /// The deepest nesting of arrays and objects accepted; `[[1]]` has depth 2. At most
  /// ``deepestSupported``.
  public var maximumDepth: Int
  /// The largest document accepted, in bytes.
  public var maximumSize: Int
  /// The longest number accepted, in characters: converting a megabyte of digits to a
  /// `Double` takes tens of milliseconds (RFC 8259 §9 lets a parser limit numbers).
  public var maximumNumberLength: Int

  /// 128 levels (as serde_json; real documents rarely pass 20), 32 MiB and numbers of 100
  /// characters.
  public static let `default` = JSONLimits()

  /// Foundation's parser traps past this depth, so no limit exceeds it.
  public static let deepestSupported = 512

  /// What the library's own output is read back with.
  static let unlimited = JSONLimits(
    maximumDepth: deepestSupported, maximumSize: Int.max, maximumNumberLength: Int.max)

  /// Limits of `maximumDepth` levels (at most ``deepestSupported``), `maximumSize` bytes and
  /// numbers of `maximumNumberLength` characters.
  public init(maximumDepth: Int = 128, maximumSize: Int = 32 << 20, maximumNumberLength: Int = 100)
  {
    self.maximumDepth = max(1, min(maximumDepth, Self.deepestSupported))
    self.maximumSize = max(0, maximumSize)
    self.maximumNumberLength = max(1, maximumNumberLength)
  }

  /// Throws unless `bytes` are one JSON document within these limits; what is wrong and where
  /// is in the ``JSONError``. The bytes are parsed once and nothing is kept.
  public func check(_ bytes: some Sequence<UInt8>) throws(JSONError) {
    _ = try JSONTape(parsing: bytes, limits: self)
  }
}
