import Foundation
import Testing
import TetherJSON

/// Dates, data and non-finite numbers as each strategy writes them: read back by the
/// coder, and by `JSONDecoder` set to the same strategy.
@Suite struct JSONCoderStrategyTests {
  func text(_ value: some Encodable, _ coder: JSONCoder) throws -> String {
    String(decoding: try coder.encode(value), as: UTF8.self)
  }

  @Test func datesInEveryStrategy() throws {
    let date = Date(timeIntervalSince1970: 1_700_000_000.5)
    let strategies: [(JSONCoder.DateStrategy, JSONDecoder.DateDecodingStrategy, String)] = [
      (.secondsSinceReferenceDate, .deferredToDate, "721692800.5"),
      (.iso8601, .iso8601, #""2023-11-14T22:13:20Z""#),
    ]
    for (strategy, foundation, expected) in strategies {
      let coder = JSONCoder(dateStrategy: strategy)
      #expect(try text([date], coder) == "[\(expected)]")
      let whole = strategy == .iso8601 ? date.addingTimeInterval(-0.5) : date
      #expect(try coder.decode([Date].self, from: coder.encode([date])) == [whole])
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = foundation
      #expect(try decoder.decode([Date].self, from: coder.encode([date])) == [whole])
    }
    #expect(throws: DecodingError.self) {
      try JSONCoder(dateStrategy: .iso8601).decode(Date.self, from: Data(#""yesterday""#.utf8))
    }
  }

  @Test func dataAsBase64OrItsSize() throws {
    let data = Data([0, 1, 2, 250, 255])
    #expect(try text(data, JSONCoder()) == #""AAEC+v8=""#)
    #expect(try JSONCoder().decode(Data.self, from: JSONCoder().encode(data)) == data)
    let display = JSONCoder(dataStrategy: .byteCount)
    #expect(try text(["file": data], display) == #"{"file":"5 bytes"}"#)
    #expect(throws: DecodingError.self) {
      try display.decode(Data.self, from: display.encode(data))
    }
    #expect(throws: DecodingError.self) {
      try JSONCoder().decode(Data.self, from: Data(#""@@""#.utf8))
    }
  }

  @Test func nonFiniteNumbersAsStrings() throws {
    let coder = JSONCoder(
      nonFiniteNumberStrategy: .convertToString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan"))
    let numbers = [1.5, .infinity, -.infinity, .nan]
    #expect(try text(numbers, coder) == #"[1.5,"inf","-inf","nan"]"#)
    #expect(try text([Float.infinity], coder) == #"["inf"]"#)
    let read = try coder.decode([Double].self, from: coder.encode(numbers))
    #expect(read[0...2] == numbers[0...2] && read[3].isNaN)
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    #expect(try decoder.decode([Double].self, from: coder.encode(numbers))[1] == .infinity)
    #expect(throws: DecodingError.self) {
      try coder.decode(Double.self, from: Data(#""two""#.utf8))
    }
  }

  @Test func aTypeTheStreamCannotFollowIsWrittenAlikeByFoundation() throws {
    /// Writes into its outer container after a nested one.
    struct Late: Encodable {
      var when = Date(timeIntervalSince1970: 0)
      var payload = Data([1, 2])
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        var nested = container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("firstKey"))
        try container.encode(when, forKey: JSONKey("whenItHappened"))
        try nested.encode(payload, forKey: JSONKey("payload"))
      }
    }
    struct JSONKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(_ string: String) { stringValue = string }
      init?(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    let coder = JSONCoder(dateStrategy: .iso8601, dataStrategy: .byteCount)
    let value = try JSONValue(encoding: Late(), coder: coder)
    #expect(value["whenItHappened"] == "1970-01-01T00:00:00Z")
    #expect(value["firstKey"] == ["payload": "2 bytes"])
  }
}
