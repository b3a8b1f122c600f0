import Foundation
import Testing
import TetherJSON

/// Every Codable shape through ``JSONCoder``, and against Foundation's coders both ways.
@Suite struct JSONCoderRoundTripTests {
  enum Shape: Codable, Hashable {
    case circle(radius: Double)
    case polygon([Int8], closed: Bool)
    case empty
  }

  struct Integers: Codable, Hashable {
    var int = Int.min, int8 = Int8.min, int16 = Int16.min, int32 = Int32.min, int64 = Int64.min
    var uint = UInt.max, uint8 = UInt8.max, uint16 = UInt16.max, uint32 = UInt32.max
    var uint64 = UInt64.max
    var maxima: [Int64] = [Int64.max, 0, -1]
  }

  struct Everything: Codable, Hashable {
    var integers = Integers()
    var doubles: [Double] = [
      0, -0.0, 1.5, 1e-7, 1e300, -2.5e-300, .greatestFiniteMagnitude,
      .leastNonzeroMagnitude, 0.1 + 0.2,
    ]
    var floats: [Float] = [0.1, .greatestFiniteMagnitude, -3.25]
    var flags = [true, false]
    var text = "plain"
    var escapes =
      "quote \" backslash \\ slash / newline \n tab \t return \r \u{8}\u{c} nul \u{0} \u{1f} del \u{7f}"
    var unicode = "Zoë 长城 🐈‍⬛ \u{2028} \u{10FFFF}"
    var empty = ""
    var date = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_7)
    var data = Data([0, 1, 2, 250, 255])
    var url = URL(string: "https://example.com/a%20b?q=1#f")!
    var decimal = Decimal(string: "12345.678")!
    var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    var absent: String? = nil
    var present: Int? = 7
    var doubleOptional: Int?? = .some(5)
    var nested: [[String]] = [[], ["a"], ["b", "c"]]
    var dictionary: [String: Int] = ["one": 1, "two": 2, "": 0, "with \"quote\"": 3]
    var integerKeys: [Int: String] = [1: "one", -2: "minus two"]
    var shapes: [Shape] = [.circle(radius: 2), .polygon([1, -2, 3], closed: true), .empty]
    var emptyObject: [String: Bool] = [:]
    var optionals: [Int?] = [1, nil, 3]
    var set: Set<String> = ["x", "y"]
  }

  @Test func everyShapeComesBackEqual() throws {
    let value = Everything()
    let data = try JSONCoder().encode(value)
    #expect(try JSONCoder().decode(Everything.self, from: data) == value)
  }

  @Test func foundationReadsWhatItWrites() throws {
    let value = Everything()
    let data = try JSONCoder().encode(value)
    #expect(try JSONDecoder().decode(Everything.self, from: data) == value)
  }

  @Test func itReadsWhatFoundationWrites() throws {
    let value = Everything()
    for formatting in [JSONEncoder.OutputFormatting(), [.prettyPrinted, .sortedKeys]] {
      let encoder = JSONEncoder()
      encoder.outputFormatting = formatting
      #expect(try JSONCoder().decode(Everything.self, from: encoder.encode(value)) == value)
    }
  }

  @Test func scalarsAtTheTopLevel() throws {
    #expect(String(decoding: try JSONCoder().encode(42), as: UTF8.self) == "42")
    #expect(String(decoding: try JSONCoder().encode("a\"b"), as: UTF8.self) == #""a\"b""#)
    #expect(String(decoding: try JSONCoder().encode(Int?.none), as: UTF8.self) == "null")
    #expect(try JSONCoder().decode(Double.self, from: Data("  -1.25e2 ".utf8)) == -125)
    #expect(try JSONCoder().decode(Int?.self, from: Data("null".utf8)) == nil)
    #expect(try JSONCoder().decode([Bool].self, from: Data("[true,false]".utf8)) == [true, false])
  }

  @Test func stringsAreEscapedOnlyWhereJSONNeedsIt() throws {
    let text = String(decoding: try JSONCoder().encode("é\n\u{1}\"/\\"), as: UTF8.self)
    #expect(text == #""é\n\u0001\"/\\""#)
  }

  @Test func escapesAndSurrogatePairsAreRead() throws {
    let json = #"["\u00e9\u4e2d", "\ud83d\ude00", "\/\b\f\n\r\t\"\\", "\u0000"]"#
    let strings = try JSONCoder().decode([String].self, from: Data(json.utf8))
    #expect(strings == ["é中", "😀", "/\u{8}\u{c}\n\r\t\"\\", "\u{0}"])
  }

  @Test func wholeNumbersInExponentFormReadAsIntegers() throws {
    #expect(try JSONCoder().decode([Int].self, from: Data("[1e2, 3.0, -0]".utf8)) == [100, 3, 0])
    #expect(try JSONCoder().decode(UInt64.self, from: Data("18446744073709551615".utf8)) == .max)
    #expect(
      try JSONCoder().decode(
        Int128.self, from: Data("-170141183460469231731687303715884105728".utf8)) == .min)
    #expect(
      String(decoding: try JSONCoder().encode(UInt128.max), as: UTF8.self) == "\(UInt128.max)")
  }

  @Test func aLargeObjectIsReadByItsKeys() throws {
    let dictionary = Dictionary(uniqueKeysWithValues: (0..<200).map { ("key \($0)", $0) })
    let data = try JSONCoder().encode(dictionary)
    #expect(try JSONCoder().decode([String: Int].self, from: data) == dictionary)
    #expect(try JSONDecoder().decode([String: Int].self, from: data) == dictionary)
  }

  @Test func aKeyWrittenTwiceReadsItsLastValue() throws {
    let json = Data(#"{"id":1,"title":"first","id":2}"#.utf8)
    struct Item: Decodable { var id: Int }
    #expect(try JSONCoder().decode(Item.self, from: json).id == 2)
    let many = Data(("{" + (0..<20).map { #""k\#($0)":\#($0),"# }.joined() + #""k3":99}"#).utf8)
    #expect(try JSONCoder().decode([String: Int].self, from: many)["k3"] == 99)
  }

  /// A key is looked up in its own object only, in any order, and a key written twice (once
  /// with an escape, say) reads its last value.
  @Test func keysAreFoundInAnyOrderAndOnlyInTheirOwnObject() throws {
    struct Inner: Decodable, Equatable { var b: Int, a: Int }
    struct Outer: Decodable, Equatable {
      var c: Int, a: Int, nested: Inner, b: Int?
      enum CodingKeys: String, CodingKey { case c, a, nested, b }
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        c = try container.decode(Int.self, forKey: .c)
        nested = try container.decode(Inner.self, forKey: .nested)
        b = try container.decodeIfPresent(Int.self, forKey: .b)  // the nested "b" is not ours
        a = try container.decode(Int.self, forKey: .a)
      }
      init(c: Int, a: Int, nested: Inner, b: Int?) {
        (self.c, self.a, self.nested, self.b) = (c, a, nested, b)
      }
    }
    let json = Data(#"{"a":1,"nested":{"b":2,"a":3},"c":4}"#.utf8)
    #expect(
      try JSONCoder().decode(Outer.self, from: json)
        == Outer(c: 4, a: 1, nested: Inner(b: 2, a: 3), b: nil))
    struct Item: Decodable { var id: Int }
    #expect(try JSONCoder().decode(Item.self, from: Data(#"{"id":1,"\u0069d":2}"#.utf8)).id == 2)
    let alike = Data(#"{"axb":1,"ayb":2,"axb":3}"#.utf8)
    #expect(try JSONCoder().decode([String: Int].self, from: alike) == ["axb": 3, "ayb": 2])
  }

  /// A quote, a backslash or a control character at every offset of a string, and next to
  /// another, is escaped and read back where it is.
  @Test func aSpecialCharacterIsEscapedAtEveryOffset() throws {
    for special in ["\"", "\\", "\n", "\u{1}", "\u{1f}"] {
      for offset in 0..<41 {
        let plain = String(repeating: "a", count: offset)
        for text in [plain + special + "bcdefghij", plain + special + special, plain + special] {
          let data = try JSONCoder().encode([text, "after"])
          #expect(try JSONCoder().decode([String].self, from: data) == [text, "after"])
          #expect(try JSONDecoder().decode([String].self, from: data) == [text, "after"])
        }
      }
    }
    let unescaped = Data("[\"ab\u{1}c\"]".utf8)
    #expect(throws: DecodingError.self) { try JSONCoder().decode([String].self, from: unescaped) }
  }
}
