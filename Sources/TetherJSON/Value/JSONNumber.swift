/// A JSON number as its text, exact whatever its size or precision (an `Int64` id past 2^53,
/// a `Decimal`), read as whichever Swift number the caller asks for:
/// `id.integer(as: Int64.self)`. Two numbers are equal when they are the same integer, or
/// otherwise the same `Double` (`JSONNumber(text: "2.5e3") == 2500`).
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
  /// The number as JSON text: `-12`, `0.5`, `1e+300`.
  public let text: String

  /// An integer.
  public init(_ value: some BinaryInteger) { text = String(value) }

  /// A finite `Double` as its shortest exact decimal (`0.1`, `42`, `1e-07`); nil for NaN and
  /// the infinities, which JSON cannot write.
  public init?(_ value: Double) {
    guard value.isFinite else { return nil }
    text = JSONWriter.text(of: value)
  }

  /// The number written `text`, or nil when `text` is not a JSON number.
  public init?(text: String) {
    guard let tape = try? JSONTape(parsing: text.utf8, limits: .unlimited),
      tape.tokens[0].kind == .number, tape.tokens[0].range == 0..<tape.bytes.count
    else { return nil }
    self.text = text
  }

  /// A number the parser has read.
  init(parsed text: String) { self.text = text }
  public init(integerLiteral value: Int) { self.init(value) }

  public init(floatLiteral value: Double) {
    guard let number = JSONNumber(value) else { preconditionFailure("\(value) is not finite") }
    self = number
  }

  public var description: String { text }

  /// The nearest `Double`: infinite past its range, as `Double("1e400")` is.
  public var double: Double { Double(text) ?? .nan }

  /// The number as `Integer` when it is whole and fits (`1e2` and `3.0` are whole), or nil.
  public func integer<Integer: FixedWidthInteger>(as type: Integer.Type = Int.self) -> Integer? {
    var text = text
    return text.withUTF8 { Self.integer($0) }
  }

  /// The integer written in `utf8`: integer text exactly, digit by digit; text with a fraction
  /// or an exponent through its `Double`.
  static func integer<Integer: FixedWidthInteger>(_ utf8: UnsafeBufferPointer<UInt8>) -> Integer? {
    let isNegative = utf8.first == UInt8(ascii: "-")
    var value: Integer = 0
    for byte in utf8.dropFirst(isNegative ? 1 : 0) {
      let digit = byte &- UInt8(ascii: "0")
      guard digit < 10 else {
        return Double(String(decoding: utf8, as: UTF8.self)).flatMap { Integer(exactly: $0) }
      }
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      let (next, carry) =
        isNegative
        ? shifted.subtractingReportingOverflow(Integer(digit))
        : shifted.addingReportingOverflow(Integer(digit))
      guard !overflow, !carry else { return nil }
      value = next
    }
    return value
  }

  public static func == (left: JSONNumber, right: JSONNumber) -> Bool {
    if left.text == right.text { return true }
    if let left = left.integer(as: Int128.self), let right = right.integer(as: Int128.self) {
      return left == right
    }
    return left.double == right.double
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(double)
  }
}
