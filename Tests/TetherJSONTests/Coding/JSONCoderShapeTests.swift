import Foundation
import Testing
import TetherJSON

/// The less common corners of `Codable`: super encoders, containers used out of order, values
/// that encode nothing, and single values.
@Suite struct JSONCoderShapeTests {
  class Animal: Codable, Equatable {
    var name: String
    init(name: String) { self.name = name }
    static func == (lhs: Animal, rhs: Animal) -> Bool {
      lhs.name == rhs.name && (lhs as? Dog)?.barks == (rhs as? Dog)?.barks
    }
  }

  final class Dog: Animal {
    var barks: Bool
    private enum CodingKeys: String, CodingKey { case barks }

    init(name: String, barks: Bool) {
      self.barks = barks
      super.init(name: name)
    }

    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      barks = try container.decode(Bool.self, forKey: .barks)
      try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(barks, forKey: .barks)
      try super.encode(to: container.superEncoder())
    }
  }

  @Test func superEncodersNestTheSuperclassUnderSuper() throws {
    let dog = Dog(name: "Rex", barks: true)
    let data = try JSONCoder().encode(dog)
    #expect(String(decoding: data, as: UTF8.self) == #"{"barks":true,"super":{"name":"Rex"}}"#)
    let copy = try JSONCoder().decode(Dog.self, from: data)
    #expect(copy.name == "Rex" && copy.barks)
    let viaFoundation = try JSONDecoder().decode(Dog.self, from: data)
    #expect(viaFoundation.name == "Rex" && viaFoundation.barks)
  }

  /// Writes into its outer container after a nested one, then into the nested one again:
  /// legal, and what the streaming encoder hands to its fallback.
  struct OutOfOrder: Codable, Equatable {
    var inner: Int
    var outer: Int
    enum Keys: String, CodingKey { case nested, outer, inner }

    init(inner: Int, outer: Int) {
      self.inner = inner
      self.outer = outer
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
      try container.encode(outer, forKey: .outer)
      try nested.encode(inner, forKey: .inner)
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      outer = try container.decode(Int.self, forKey: .outer)
      inner = try container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
        .decode(Int.self, forKey: .inner)
    }
  }

  @Test func containersUsedOutOfOrderAreStillWrittenWhole() throws {
    let value = [OutOfOrder(inner: 1, outer: 2), OutOfOrder(inner: 3, outer: 4)]
    let data = try JSONCoder().encode(value)
    #expect(try JSONCoder().decode([OutOfOrder].self, from: data) == value)
    #expect(try JSONDecoder().decode([OutOfOrder].self, from: data) == value)
  }

  struct Nothing: Codable, Equatable {
    func encode(to encoder: any Encoder) throws {}
    init() {}
    init(from decoder: any Decoder) throws {}
  }

  struct Holder: Codable, Equatable {
    var nothing = Nothing()
    var after = 1
  }

  @Test func aValueThatEncodesNothingIsAnEmptyObject() throws {
    #expect(
      String(decoding: try JSONCoder().encode(Holder()), as: UTF8.self)
        == #"{"nothing":{},"after":1}"#)
    #expect(String(decoding: try JSONCoder().encode([Nothing()]), as: UTF8.self) == "[{}]")
    #expect(throws: EncodingError.self) { try JSONCoder().encode(Nothing()) }
  }

  /// Encodes itself as one value: its raw text.
  struct Wrapped: Codable, Equatable {
    var raw: String
    init(_ raw: String) { self.raw = raw }
    init(from decoder: any Decoder) throws {
      raw = try decoder.singleValueContainer().decode(String.self)
    }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(raw)
    }
  }

  struct Twice: Encodable {
    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      try container.encode(1)
      try container.encode(2)
    }
  }

  @Test func singleValuesAreWrittenInPlace() throws {
    let value = ["a": Wrapped("x"), "b": Wrapped("y")]
    #expect(
      try JSONCoder().decode([String: Wrapped].self, from: JSONCoder().encode(value)) == value)
    #expect(String(decoding: try JSONCoder().encode([Wrapped("z")]), as: UTF8.self) == #"["z"]"#)
    #expect(throws: EncodingError.self) { try JSONCoder().encode([Twice()]) }
  }

  struct Ratio: Codable {
    var ratio: Double
    var scale: Float = 1
  }

  struct Boxed: Codable {
    var value: [Ratio]
  }

  @Test func aNonFiniteNumberIsAnErrorAtItsPath() throws {
    for bad in [Double.nan, .infinity, -.infinity] {
      let error = try #require(throws: EncodingError.self) {
        try JSONCoder().encode(Boxed(value: [Ratio(ratio: 1), Ratio(ratio: bad)]))
      }
      guard case .invalidValue(_, let context) = error else {
        Issue.record("\(error)")
        continue
      }
      #expect(context.codingPath.map(\.stringValue) == ["value", "Index 1", "ratio"])
    }
    #expect(throws: EncodingError.self) { try JSONCoder().encode(Ratio(ratio: 0, scale: .nan)) }
    #expect(throws: EncodingError.self) { try JSONCoder().encode([Float.infinity]) }
    #expect(throws: EncodingError.self) { try JSONCoder().encode(Double.nan) }
  }
}
