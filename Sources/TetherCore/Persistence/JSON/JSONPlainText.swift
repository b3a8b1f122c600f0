/// Finding the bytes of a string that JSON escapes — `"`, `\` and control characters — sixteen
/// bytes at a time (SIMD), then eight (in a word): what most of a document's bytes cost to read
/// and to write.
enum JSONPlainText {
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  private static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// The index of the first byte from `start` that is a quote, a backslash or below 0x20, or
  /// `bytes.count` when there is none.
  @inline(__always)
  static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    guard let base = bytes.baseAddress else { return bytes.count }
    var index = start
    let raw = UnsafeRawPointer(base)
    // Sixteen bytes at a time, up to the block holding the first special byte; a post's body
    // is read in a third of the instructions the words alone take.
    let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
    let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
    let space = SIMD16<UInt8>(repeating: 0x20)
    while index + 16 <= bytes.count {
      let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
      if any(block .== quote .| block .== backslash .| block .< space) { break }
      index += 16
    }
    while index + 8 <= bytes.count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      let special = specialBits(word)
      // The lowest flag is exact (see `specialBits`): the byte it is in is the first special.
      if special != 0 { return index + special.trailingZeroBitCount >> 3 }
      index += 8
    }
    while index < bytes.count, !isSpecial(base[index]) { index += 1 }
    return index
  }

  @inline(__always)
  static func isSpecial(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// The high bit of each of the eight bytes of `word` that is special, and perhaps of some
  /// bytes above a special one (a borrow carries upwards): zero exactly when none is special,
  /// and the lowest bit set is always that of the first special byte.
  @inline(__always)
  private static func specialBits(_ word: UInt64) -> UInt64 {
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    let zeroQuote = (quotes &- ones) & ~quotes
    let zeroBackslash = (backslashes &- ones) & ~backslashes
    let control = (word &- ones &* 0x20) & ~word
    return (zeroQuote | zeroBackslash | control) & highBits
  }

  /// Whether every byte of `bytes` is ASCII.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    var bits: UInt64 = 0
    while index + 8 <= bytes.count {
      bits |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < bytes.count {
      bits |= UInt64(base[index])
      index += 1
    }
    return bits & highBits == 0
  }

  /// The control characters JSON escapes with a letter, and their letters: `\n` for a line
  /// feed. The encoder and the parser read the same table.
  static let letterEscapes: [(byte: UInt8, letter: UInt8)] = [
    (0x08, UInt8(ascii: "b")), (0x0C, UInt8(ascii: "f")), (0x0A, UInt8(ascii: "n")),
    (0x0D, UInt8(ascii: "r")), (0x09, UInt8(ascii: "t")),
  ]

  /// Whether `byte` is whitespace between JSON tokens.
  @inline(__always)
  static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
