import Foundation
import Testing

@testable import TetherCore

/// Malformed text, values of the wrong shape and documents past the limits: each a clear
/// `DecodingError`, never a crash.
@Suite struct SnapshotJSONErrorTests {
  struct Post: Codable, Equatable {
    var id: Int
    var title: String
    var tags: [String]
    var views: Int8?
  }

  func decodingError<Value: Decodable>(
    _ type: Value.Type, _ json: String, limits: SnapshotJSON.Limits = .default
  ) throws -> DecodingError {
    try #require(throws: DecodingError.self) {
      try SnapshotJSON.decode(type, from: Data(json.utf8), limits: limits)
    }
  }

  func description(_ error: DecodingError) -> String {
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context),
      .typeMismatch(_, let context), .valueNotFound(_, let context):
      return context.debugDescription
    @unknown default: return "\(error)"
    }
  }

  func path(_ error: DecodingError) -> [String] {
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context),
      .typeMismatch(_, let context), .valueNotFound(_, let context):
      return context.codingPath.map(\.stringValue)
    @unknown default: return []
    }
  }

  @Test(arguments: [
    ("", "unexpected end of the text at byte 0"),
    (#"{"id":1,}"#, "expected a key in quotes at byte 8"),
    ("[1 2]", "expected ',' or ']' in an array at byte 3"),
    (#"{"id" 1}"#, "expected ':' after a key at byte 6"),
    (#"{"id":1"#, "expected ',' or '}' in an object at byte 7"),
    (#""open"#, "unterminated string at byte 5"),
    ("tru", "unexpected end of the text at byte 0"),
    ("nul!", "unexpected 'n' at byte 0"),
    ("01", "unexpected text after the value at byte 1"),
    ("1.", "expected a digit after '.' at byte 2"),
    ("-", "expected a digit at byte 1"),
    ("1e+", "expected a digit in the exponent at byte 3"),
    (#"{"a":1} x"#, "unexpected text after the value at byte 8"),
    (#""\x""#, "invalid escape \\'x' at byte 2"),
    (#""\u12G4""#, "expected four hexadecimal digits after \\u at byte 2"),
    ("\"tab\there\"", "unescaped control character in a string at byte 4"),
    ("[1,]", "unexpected ']' at byte 3"),
    ("{'a':1}", "expected a key in quotes at byte 1"),
    ("// comment\n1", "unexpected '/' at byte 0"),
  ])
  func malformedTextSaysWhatAndWhere(json: String, expected: String) throws {
    let error = try decodingError([String: Int].self, json)
    guard case .dataCorrupted = error else {
      Issue.record("\(error)")
      return
    }
    #expect(description(error) == "The given data was not valid JSON: \(expected).")
  }

  @Test func badStringsAreCorruptData() throws {
    for json in [#""\ud800""#, #""\udc00x""#, #""\ud800\u0041""#] {
      let error = try decodingError(String.self, json)
      #expect(description(error).contains("surrogate"))
    }
    let invalidUTF8 = Data([0x22, 0xC3, 0x28, 0x22])
    let error = try #require(throws: DecodingError.self) {
      try SnapshotJSON.decode(String.self, from: invalidUTF8)
    }
    #expect(description(error) == "the string is not valid UTF-8")
  }

  @Test func aMissingKeyAWrongTypeAndANullSayTheirPath() throws {
    let missing = try decodingError([Post].self, #"[{"id":1,"tags":[]}]"#)
    guard case .keyNotFound(let key, _) = missing else { throw missing }
    #expect(key.stringValue == "title" && path(missing) == ["Index 0"])

    let wrong = try decodingError(Post.self, #"{"id":1,"title":"t","tags":["a",2]}"#)
    guard case .typeMismatch = wrong else { throw wrong }
    #expect(path(wrong) == ["tags", "Index 1"])
    #expect(description(wrong) == "Expected to decode String but found a number instead.")

    let null = try decodingError(Post.self, #"{"id":null,"title":"t","tags":[]}"#)
    guard case .valueNotFound = null else { throw null }
    #expect(path(null) == ["id"])

    let notObject = try decodingError(Post.self, "[]")
    guard case .typeMismatch = notObject else { throw notObject }
  }

  @Test func aNumberThatDoesNotFitIsCorruptData() throws {
    let error = try decodingError(Post.self, #"{"id":1,"title":"t","tags":[],"views":300}"#)
    guard case .dataCorrupted = error else { throw error }
    #expect(path(error) == ["views"])
    #expect(description(error) == "Parsed JSON number <300> does not fit in Int8.")
    for json in ["-1", "1.5", "18446744073709551616"] {
      #expect(throws: DecodingError.self) {
        try SnapshotJSON.decode(UInt64.self, from: Data(json.utf8))
      }
    }
    #expect(throws: DecodingError.self) {
      try SnapshotJSON.decode(Double.self, from: Data("1e400".utf8))
    }
    #expect(throws: DecodingError.self) {
      try SnapshotJSON.decode(Float.self, from: Data("1e39".utf8))
    }
  }

  @Test func anArrayReadPastItsEndSaysSo() throws {
    struct Pair: Decodable {
      init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        _ = try container.decode(Int.self)
        _ = try container.decode(Int.self)
      }
    }
    let error = try decodingError(Pair.self, "[1]")
    guard case .valueNotFound = error else { throw error }
    #expect(path(error) == ["Index 1"])
  }

  @Test func depthAndSizeLimitsAreKept() throws {
    let limits = SnapshotJSON.Limits(maximumDepth: 8, maximumSize: 64)
    let deepest = String(repeating: "[", count: 8) + String(repeating: "]", count: 8)
    #expect(throws: Never.self) {
      try SnapshotJSON.decode(JSONAny.self, from: Data(deepest.utf8), limits: limits)
    }
    let tooDeep = try decodingError(JSONAny.self, "[" + deepest + "]", limits: limits)
    #expect(description(tooDeep).contains("nest more than 8 levels deep"))
    let tooLarge = try decodingError(
      String.self, "\"" + String(repeating: "a", count: 63) + "\"", limits: limits)
    #expect(description(tooLarge).contains("over the limit of 64 bytes"))
    // The default: 128 levels; a hostile 100,000 brackets costs one refusal, not a crash.
    let hostile = String(repeating: "[", count: 100_000)
    #expect(description(try decodingError(JSONAny.self, hostile)).contains("128 levels"))
  }

  /// Any array nesting, for the depth tests.
  struct JSONAny: Decodable {
    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      while !container.isAtEnd { _ = try container.decode(JSONAny.self) }
    }
  }
}
