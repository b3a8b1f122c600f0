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
}
