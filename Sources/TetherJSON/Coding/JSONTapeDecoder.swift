import Foundation

/// The decoder behind ``JSONCoder/decode(_:from:)-(_,Sequence<UInt8>)``: reads values from a
/// parsed ``JSONTape``. One decoder serves a whole document; decoding a nested value moves it
/// to that value and back.
final class JSONTapeDecoder: Decoder {
  /// The coding path of a value, made only when an error or a container asks for it.
  typealias Path = () -> [any CodingKey]

  let tape: JSONTape
  let options: JSONCoder
  /// The token of the value being decoded.
  private(set) var index = 0
  private(set) var codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ tape: JSONTape, _ options: JSONCoder, index: Int = 0, codingPath: [any CodingKey] = []) {
    self.tape = tape
    self.options = options
    self.index = index
    self.codingPath = codingPath
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(try JSONKeyedDecoding<Key>(self, object: index, path: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try JSONUnkeyedDecoding(self, array: index, path: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    JSONSingleValueDecoding(decoder: self, index: index, codingPath: codingPath)
  }

  /// A decoder of the value at `index` (the null token when nil): a super decoder.
  func superDecoder(at index: Int?, path: [any CodingKey]) -> any Decoder {
    JSONTapeDecoder(tape, options, index: index ?? tape.nullIndex, codingPath: path)
  }

  /// The value at token `index`, whose coding path is `path()`: scalars and the types whose
  /// JSON form is not their `Codable` one are read here, others by their `init(from:)`.
  func decode<Value: Decodable>(_ type: Value.Type, at index: Int, path: Path) throws -> Value {
    // Each case has checked that `Value` is the type it reads.
    func cast(_ value: some Any) -> Value { unsafeBitCast(value, to: Value.self) }
    switch ObjectIdentifier(Value.self) {
    case ObjectIdentifier(String.self): return cast(try string(at: index, path))
    case ObjectIdentifier(Int.self): return cast(try integer(Int.self, at: index, path))
    case ObjectIdentifier(Bool.self): return cast(try bool(at: index, path))
    case ObjectIdentifier(Double.self): return cast(try number(Double.self, at: index, path))
    case ObjectIdentifier([String].self): return cast(try strings(at: index, path))
    case ObjectIdentifier(Date.self): return cast(try date(at: index, path))
    case ObjectIdentifier(Data.self): return cast(try data(at: index, path))
    case ObjectIdentifier(URL.self): return cast(try url(at: index, path))
    case ObjectIdentifier(Decimal.self): return cast(try decimal(at: index, path))
    case ObjectIdentifier(JSONValue.self): return cast(JSONValue(tape, at: index))
    case ObjectIdentifier(Float.self): return cast(try number(Float.self, at: index, path))
    case ObjectIdentifier(Int64.self): return cast(try integer(Int64.self, at: index, path))
    case ObjectIdentifier(Int128.self): return cast(try integer(Int128.self, at: index, path))
    case ObjectIdentifier(UInt128.self): return cast(try integer(UInt128.self, at: index, path))
    default: break  // other integer widths: read by their single-value container
    }
    let saved = (self.index, codingPath)
    self.index = index
    codingPath = path()
    defer { (self.index, codingPath) = saved }
    return try Value(from: self)
  }

  // MARK: Scalars

  func string(at index: Int, _ path: Path) throws -> String {
    try expect(.string, String.self, at: index, path)
    return tape.string(at: index)
  }

  func bool(at index: Int, _ path: Path) throws -> Bool {
    switch tape.tokens[index].kind {
    case .true: return true
    case .false: return false
    default: throw mismatch(Bool.self, at: index, path)
    }
  }

  func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, at index: Int, _ path: Path)
    throws -> Integer
  {
    try expect(.number, type, at: index, path)
    guard let value: Integer = tape.integer(at: index) else {
      throw notFitting(type, at: index, path)
    }
    return value
  }

  /// A `Double` or a `Float`: a number, or a string the ``JSONCoder/NonFiniteNumberStrategy``
  /// names.
  func number<Number: BinaryFloatingPoint & LosslessStringConvertible>(
    _ type: Number.Type, at index: Int, _ path: Path
  ) throws -> Number {
    if tape.tokens[index].kind == .string,
      case .convertToString(let positive, let negative, let nan) = options.nonFiniteNumberStrategy
    {
      switch tape.string(at: index) {
      case positive: return .infinity
      case negative: return -.infinity
      case nan: return .nan
      default: break
      }
    }
    try expect(.number, type, at: index, path)
    let value =
      Number.self == Double.self
      ? tape.double(at: index).map { Number($0) }
      : Number(tape.text(at: index)).flatMap { $0.isFinite ? $0 : nil }
    guard let value else { throw notFitting(type, at: index, path) }
    return value
  }

  /// The array of strings at `index`, read without an unkeyed container (`Array`'s generic
  /// decoding costs four times as much): tags, names, ids.
  private func strings(at index: Int, _ path: Path) throws -> [String] {
    try expect(.array, [String].self, at: index, path)
    let elements = index + 1..<Int(tape.tokens[index].end)
    return try elements.map { element in
      try string(at: element) { path() + [JSONKey(index: element - index - 1)] }
    }
  }

  private func url(at index: Int, _ path: Path) throws -> URL {
    guard let url = URL(string: try string(at: index, path)) else {
      throw corrupted("Invalid URL string.", path)
    }
    return url
  }

  private func decimal(at index: Int, _ path: Path) throws -> Decimal {
    try expect(.number, Decimal.self, at: index, path)
    guard let decimal = Decimal(string: tape.text(at: index)) else {
      throw notFitting(Decimal.self, at: index, path)
    }
    return decimal
  }

  private func date(at index: Int, _ path: Path) throws -> Date {
    switch options.dateStrategy {
    case .secondsSinceReferenceDate:
      return Date(timeIntervalSinceReferenceDate: try number(Double.self, at: index, path))
    case .iso8601:
      guard let date = try? Date(string(at: index, path), strategy: .iso8601) else {
        throw corrupted("Expected date string to be ISO8601-formatted.", path)
      }
      return date
    }
  }

  private func data(at index: Int, _ path: Path) throws -> Data {
    guard options.dataStrategy == .base64 else {
      throw corrupted("Data written as its byte count cannot be read back.", path)
    }
    guard let data = Data(base64Encoded: try string(at: index, path)) else {
      throw corrupted("Encountered Data is not valid Base64.", path)
    }
    return data
  }

  // MARK: Errors

  /// Throws unless the value at `index` is of `kind`, which `type` is read from.
  func expect(_ kind: JSONTape.Kind, _ type: Any.Type, at index: Int, _ path: Path) throws {
    guard tape.tokens[index].kind != kind else { return }
    throw mismatch(type, at: index, path)
  }

  func mismatch(_ type: Any.Type, at index: Int, _ path: Path) -> DecodingError {
    let kind = tape.tokens[index].kind
    if kind == .null {
      return .valueNotFound(
        type,
        DecodingError.Context(
          codingPath: path(), debugDescription: "Expected \(type) value but found null instead."))
    }
    let found =
      switch kind {
      case .object: "a dictionary"
      case .array: "an array"
      case .string: "a string"
      case .number: "a number"
      case .true, .false, .null: "a bool"
      }
    return .typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path(),
        debugDescription: "Expected to decode \(type) but found \(found) instead."
      ))
  }

  private func notFitting(_ type: Any.Type, at index: Int, _ path: Path) -> DecodingError {
    corrupted("Parsed JSON number <\(tape.text(at: index))> does not fit in \(type).", path)
  }

  func corrupted(_ description: String, _ path: Path) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: path(), debugDescription: description))
  }
}
