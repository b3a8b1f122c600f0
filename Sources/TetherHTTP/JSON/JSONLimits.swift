import Foundation

/// Limits that untrusted JSON must meet before any decoder sees it.
///
/// Foundation's JSON parser recurses once per nesting level and traps (the process dies with an
/// illegal instruction) past 512 levels, so a single hostile body such as 513 `[` would crash the
/// app. ``check(_:)`` reads the bytes once, in linear time and constant memory, and refuses a
/// document that nests deeper than ``maximumDepth`` or is larger than ``maximumSize`` — before
/// `JSONDecoder`, `JSONSerialization` or a custom parser touches it.
///
/// ```swift
/// let limits = JSONLimits(maximumDepth: 64)
/// try limits.check(body)                          // throws JSONLimitViolation
/// let page = try JSONDecoder().decode(PostsPage.self, from: body)
/// ```
///
/// The scan is lexical, not a validator: it follows strings (both quote kinds, with escapes)
/// and comments (`//`, `/* */`) so that brackets inside them do not count, and leaves every
/// other judgement to the decoder. Treating `'` and comments as JSON5 does is safe for strict
/// JSON too: a strict decoder stops at the first such byte, before anything deeper.
public struct JSONLimits: Sendable, Hashable {
  /// The deepest nesting of arrays and objects accepted; `[[1]]` has depth 2.
  public var maximumDepth: Int
  /// The largest document accepted, in bytes.
  public var maximumSize: Int

  /// 128 levels (as serde_json; real documents rarely pass 20) and 32 MiB.
  public static let `default` = JSONLimits()

  /// Limits of `maximumDepth` levels and `maximumSize` bytes.
  public init(maximumDepth: Int = 128, maximumSize: Int = 32 << 20) {
    self.maximumDepth = max(1, min(maximumDepth, Self.decoderDepthLimit))
    self.maximumSize = max(0, maximumSize)
  }

  /// Foundation's parser traps past this depth, so no limit may exceed it.
  public static let decoderDepthLimit = 512

  /// Throws when `data` is larger than ``maximumSize`` or nests deeper than ``maximumDepth``.
  public func check(_ data: Data) throws(JSONLimitViolation) {
    if data.count > maximumSize {
      throw .tooLarge(size: data.count, limit: maximumSize)
    }
    let violation = data.withUnsafeBytes { raw -> JSONLimitViolation? in
      Self.firstDepthViolation(in: raw.bindMemory(to: UInt8.self), limit: maximumDepth)
    }
    if let violation { throw violation }
  }

  /// One pass: structure byte by byte, strings from quote to quote with `memchr` (they are most
  /// of a document's bytes), comments to their end.
  private static func firstDepthViolation(
    in bytes: UnsafeBufferPointer<UInt8>, limit: Int
  ) -> JSONLimitViolation? {
    let count = bytes.count
    var depth = 0
    var offset = 0
    while offset < count {
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > limit { return .tooDeep(limit: limit, offset: offset) }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth = max(0, depth - 1)
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        guard let closing = closingQuote(byte, in: bytes, after: offset) else { return nil }
        offset = closing
      case UInt8(ascii: "/"):
        offset += 1
        guard offset < count else { return nil }
        switch bytes[offset] {
        case UInt8(ascii: "/"):
          while offset < count, bytes[offset] != UInt8(ascii: "\n"),
            bytes[offset] != UInt8(ascii: "\r")
          {
            offset += 1
          }
        case UInt8(ascii: "*"):
          offset += 1
          while offset + 1 < count,
            !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/"))
          {
            offset += 1
          }
          offset += 1  // at the closing slash
        default:
          // A lone slash is invalid JSON; the decoder stops there, so what follows is moot.
          return nil
        }
      default:
        break
      }
      offset += 1
    }
    return nil
  }
}

extension JSONLimits {
  /// Where the string opened by `quote` at `opening` closes, or nil when it never does.
  ///
  /// A quote is escaped exactly when an odd run of backslashes precedes it: inside a string,
  /// backslashes pair up from the left, and the run is bounded by a byte that is not one.
  fileprivate static func closingQuote(
    _ quote: UInt8, in bytes: UnsafeBufferPointer<UInt8>, after opening: Int
  ) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    var from = opening + 1
    while from < bytes.count {
      guard let found = memchr(base + from, Int32(quote), bytes.count - from) else { return nil }
      let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      var backslashes = 0
      while index - backslashes - 1 > opening, bytes[index - backslashes - 1] == UInt8(ascii: "\\")
      {
        backslashes += 1
      }
      if backslashes % 2 == 0 { return index }
      from = index + 1
    }
    return nil
  }
}

/// Why a JSON document was refused before decoding.
public enum JSONLimitViolation: Error, Sendable, Hashable, CustomStringConvertible {
  /// The document is `size` bytes, over the `limit`.
  case tooLarge(size: Int, limit: Int)
  /// Arrays and objects nest deeper than `limit`; the first level too many opens at `offset`.
  case tooDeep(limit: Int, offset: Int)

  public var description: String {
    switch self {
    case .tooLarge(let size, let limit):
      "the JSON is \(size) bytes, over the limit of \(limit) bytes"
    case .tooDeep(let limit, let offset):
      "the JSON nests arrays and objects more than \(limit) levels deep (at byte \(offset))"
    }
  }
}
