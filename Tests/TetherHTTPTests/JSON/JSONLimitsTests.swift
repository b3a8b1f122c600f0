import Foundation
import Testing

@testable import TetherHTTP

@Suite struct JSONLimitsTests {
  private func data(_ text: String) -> Data { Data(text.utf8) }

  @Test func acceptsOrdinaryDocuments() throws {
    let limits = JSONLimits.default
    try limits.check(data(#"{"posts":[{"id":1,"tags":["a","b"]}],"total":1}"#))
    try limits.check(data(""))
    try limits.check(data("[]"))
  }

  @Test func refusesOneLevelPastTheLimit() throws {
    let limits = JSONLimits(maximumDepth: 3)
    try limits.check(data("[[[1]]]"))
    #expect(throws: JSONLimitViolation.tooDeep(limit: 3, offset: 3)) {
      try limits.check(data("[[[{}]]]"))
    }
  }

  @Test func refusesTheBodyThatTrapsFoundation() {
    let body = data(String(repeating: "[", count: 513))
    #expect(throws: JSONLimitViolation.tooDeep(limit: 128, offset: 128)) {
      try JSONLimits.default.check(body)
    }
  }

  @Test func bracketsInStringsAndCommentsDoNotCount() throws {
    let limits = JSONLimits(maximumDepth: 2)
    try limits.check(data(#"[{"a":"[[[[\"[[[[","b":'{{{{'}]"#))
    try limits.check(data("[ // [[[[\n [1] /* {{{{ * */ ]"))
    #expect(throws: JSONLimitViolation.self) { try limits.check(data(#"["\\", [[1]]]"#)) }
  }

  @Test func closingBracketsLowerTheDepth() throws {
    let limits = JSONLimits(maximumDepth: 2)
    try limits.check(data(String(repeating: "[[1]],", count: 1000)))
  }

  @Test func refusesADocumentOverTheSizeLimit() {
    let limits = JSONLimits(maximumSize: 10)
    #expect(throws: JSONLimitViolation.tooLarge(size: 11, limit: 10)) {
      try limits.check(data("[1,2,3,4,5]"))
    }
  }

  @Test func noLimitExceedsWhatTheDecoderSurvives() {
    #expect(JSONLimits(maximumDepth: 10_000).maximumDepth == JSONLimits.decoderDepthLimit)
  }

  @Test func theViolationSaysWhy() {
    #expect(
      "\(JSONLimitViolation.tooDeep(limit: 128, offset: 128))"
        == "the JSON nests arrays and objects more than 128 levels deep (at byte 128)")
  }

  @Test("the scan agrees with a byte-at-a-time lexer on 20,000 generated documents")
  func agreesWithAReferenceLexer() {
    var generator = SplitMix(seed: 13)
    let alphabet = Array(#"[]{}"'\/*\#n\#r a1,:"#.utf8)
    for _ in 0..<20_000 {
      let length = Int(generator.next() % 40)
      let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
      let limit = 1 + Int(generator.next() % 4)
      let limits = JSONLimits(maximumDepth: limit)
      let expected = ReferenceLexer.firstViolation(in: bytes, limit: limit)
      var found: JSONLimitViolation?
      do { try limits.check(Data(bytes)) } catch { found = error }
      #expect(found == expected, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
  }
}

/// A deterministic generator for the differential test.
private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The rules of ``JSONLimits`` one byte at a time, as a state machine: the reference the fast
/// scan must agree with.
private enum ReferenceLexer {
  enum Lexeme {
    case structure
    case string(UInt8)
    case escape(UInt8)
    case slash
    case lineComment
    case blockComment
    case star
  }

  static func firstViolation(in bytes: [UInt8], limit: Int) -> JSONLimitViolation? {
    var depth = 0
    var lexeme = Lexeme.structure
    for (offset, byte) in bytes.enumerated() {
      switch lexeme {
      case .structure:
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          depth += 1
          if depth > limit { return .tooDeep(limit: limit, offset: offset) }
        case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"): lexeme = .string(byte)
        case UInt8(ascii: "/"): lexeme = .slash
        default: break
        }
      case .string(let quote):
        if byte == UInt8(ascii: "\\") {
          lexeme = .escape(quote)
        } else if byte == quote {
          lexeme = .structure
        }
      case .escape(let quote): lexeme = .string(quote)
      case .slash:
        switch byte {
        case UInt8(ascii: "/"): lexeme = .lineComment
        case UInt8(ascii: "*"): lexeme = .blockComment
        default: return nil
        }
      case .lineComment:
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { lexeme = .structure }
      case .blockComment:
        if byte == UInt8(ascii: "*") { lexeme = .star }
      case .star:
        if byte == UInt8(ascii: "/") {
          lexeme = .structure
        } else if byte != UInt8(ascii: "*") {
          lexeme = .blockComment
        }
      }
    }
    return nil
  }
}
