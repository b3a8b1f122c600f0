import Foundation
import Testing
import TetherJSON

/// Malformed text, documents past the limits and values of the wrong shape: each the
/// `DecodingError` `JSONDecoder` would throw, at its coding path, never a crash.
@Suite struct JSONCoderErrorTests {
  struct Post: Codable, Equatable {
    var id: Int
    var title: String
    var tags: [String]
    var views: Int8?
  }

  func decodingError<Value: Decodable>(
    _ type: Value.Type, _ json: String, limits: JSONLimits = .default
  ) throws -> DecodingError {
    try #require(throws: DecodingError.self) {
      try JSONCoder(limits: limits).decode(type, from: Data(json.utf8))
    }
  }

  func context(_ error: DecodingError) -> DecodingError.Context? {
    switch error {
    case .dataCorrupted(let context), .keyNotFound(_, let context),
      .typeMismatch(_, let context), .valueNotFound(_, let context):
      context
    @unknown default: nil
    }
  }

  func path(_ error: DecodingError) -> [String] {
    context(error)?.codingPath.map(\.stringValue) ?? []
  }

  @Test func malformedTextIsCorruptDataWithTheParsersError() throws {
    let error = try decodingError([String: Int].self, "{\n\"id\" 1}")
    guard case .dataCorrupted(let context) = error else { throw error }
    #expect(
      context.debugDescription
        == "The given data was not valid JSON: expected ':' after a key at line 2, column 6 (byte 7)."
    )
    let underlying = try #require(context.underlyingError as? JSONError)
    #expect(underlying.reason == .malformed("expected ':' after a key") && underlying.offset == 7)
  }

  @Test func theLimitsAreTheCoders() throws {
    let limits = JSONLimits(maximumDepth: 8, maximumSize: 64)
    let deepest = String(repeating: "[", count: 8) + String(repeating: "]", count: 8)
    #expect(throws: Never.self) {
      try JSONCoder(limits: limits).decode(AnyArray.self, from: Data(deepest.utf8))
    }
    let tooDeep = try decodingError(AnyArray.self, "[" + deepest + "]", limits: limits)
    #expect((context(tooDeep)?.underlyingError as? JSONError)?.reason == .tooDeep(limit: 8))
    let tooLarge = try decodingError(
      String.self, "\"" + String(repeating: "a", count: 63) + "\"", limits: limits)
    #expect(
      (context(tooLarge)?.underlyingError as? JSONError)?.reason == .tooLarge(size: 65, limit: 64))
  }

  @Test func aMissingKeyAWrongTypeAndANullSayTheirPath() throws {
    let missing = try decodingError([Post].self, #"[{"id":1,"tags":[]}]"#)
    guard case .keyNotFound(let key, _) = missing else { throw missing }
    #expect(key.stringValue == "title" && path(missing) == ["Index 0"])

    let wrong = try decodingError(Post.self, #"{"id":1,"title":"t","tags":["a",2]}"#)
    guard case .typeMismatch = wrong else { throw wrong }
    #expect(path(wrong) == ["tags", "Index 1"])
    #expect(
      context(wrong)?.debugDescription == "Expected to decode String but found a number instead.")

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
    #expect(context(error)?.debugDescription == "Parsed JSON number <300> does not fit in Int8.")
    for json in ["-1", "1.5", "18446744073709551616", "1e20"] {
      #expect(throws: DecodingError.self) {
        try JSONCoder().decode(UInt64.self, from: Data(json.utf8))
      }
    }
    #expect(throws: DecodingError.self) {
      try JSONCoder().decode(Double.self, from: Data("1e400".utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONCoder().decode(Float.self, from: Data("1e39".utf8))
    }
    #expect(
      try JSONCoder().decode(Double.self, from: Data("123456789012345678901234567890".utf8))
        == 1.2345678901234568e29)
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

  /// Any array nesting, for the depth tests.
  struct AnyArray: Decodable {
    init(from decoder: any Decoder) throws {
      var container = try decoder.unkeyedContainer()
      while !container.isAtEnd { _ = try container.decode(AnyArray.self) }
    }
  }
}
