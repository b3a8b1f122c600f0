/// Writes JSON text straight into a byte buffer, members and elements in the order written.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.object { json in
///   json.field("id", 1)
///   json.key("tags")
///   json.array { json in json.value("news") }
/// }  // {"id":1,"tags":["news"]}
/// ```
///
/// Strings escape `"`, `\`, control characters, DEL and the C1 controls (safe to print); a
/// `Double` is its shortest exact decimal (`0.1`, `42`), NaN and the infinities `null`.
public struct JSONWriter: Sendable {
  /// How the text is laid out.
  public enum Style: Sendable, Hashable {
    /// No whitespace at all.
    case compact
    /// One member or element a line, indented by two spaces a level, `"key": value`.
    case pretty
  }

  /// The text written so far.
  public private(set) var bytes: [UInt8] = []
  public let style: Style
  private var depth = 0
  /// Whether the next member or element follows another.
  private var needsComma = false
  /// Whether a key was written and its value not yet.
  private var isAfterKey = false

  /// A writer in `style` with room for `capacity` bytes before it grows.
  public init(style: Style = .compact, capacity: Int = 256) {
    self.style = style
    bytes.reserveCapacity(capacity)
  }

  /// The text of `value`.
  public static func bytes(of value: JSONValue, style: Style = .compact) -> [UInt8] {
    var writer = JSONWriter(style: style)
    writer.value(value)
    return writer.bytes
  }

  /// An object whose members `body` writes: each a ``key(_:)`` and a value, or a `field`.
  public mutating func object(_ body: (inout JSONWriter) throws -> Void) rethrows {
    try container(UInt8(ascii: "{"), UInt8(ascii: "}"), body)
  }

  /// An array whose elements `body` writes.
  public mutating func array(_ body: (inout JSONWriter) throws -> Void) rethrows {
    try container(UInt8(ascii: "["), UInt8(ascii: "]"), body)
  }

  private mutating func container(
    _ opening: UInt8, _ closing: UInt8, _ body: (inout JSONWriter) throws -> Void
  ) rethrows {
    beginValue()
    bytes.append(opening)
    depth += 1
    needsComma = false
    try body(&self)
    depth -= 1
    if needsComma, style == .pretty { newline() }
    bytes.append(closing)
    needsComma = true
  }

  /// The key of the next member of an object.
  public mutating func key(_ name: String) {
    beginValue()
    appendString(name)
    bytes.append(UInt8(ascii: ":"))
    if style == .pretty { bytes.append(UInt8(ascii: " ")) }
    isAfterKey = true
  }

  /// `null`.
  public mutating func null() { scalar { $0.appendText("null") } }
  /// `true` or `false`.
  public mutating func value(_ bool: Bool) { scalar { $0.appendBool(bool) } }
  /// `string` quoted and escaped.
  public mutating func value(_ string: String) { scalar { $0.appendString(string) } }
  /// `integer` exactly.
  public mutating func value(_ integer: Int) { scalar { $0.appendInteger(integer) } }
  /// The shortest decimal that reads back as `number`; `null` if it is not finite.
  public mutating func value(_ number: Double) {
    scalar { $0.appendText(number.isFinite ? Self.text(of: number) : "null") }
  }
  /// `number` as its text.
  public mutating func value(_ number: JSONNumber) {
    scalar { $0.appendText(number.text) }
  }

  /// `json` whole, object members in their order.
  public mutating func value(_ json: JSONValue) {
    switch json {
    case .null: null()
    case .bool(let bool): value(bool)
    case .number(let number): value(number)
    case .string(let string): value(string)
    case .array(let elements): array { for element in elements { $0.value(element) } }
    case .object(let object):
      self.object { for member in object { $0.field(member.key, member.value) } }
    }
  }

  /// A member of an object: its key, then its value.
  public mutating func field(_ name: String, _ value: String) { member(name) { $0.value(value) } }
  /// A member of an object whose value is an integer.
  public mutating func field(_ name: String, _ value: Int) { member(name) { $0.value(value) } }
  /// A member of an object whose value is a number (`null` if not finite).
  public mutating func field(_ name: String, _ value: Double) { member(name) { $0.value(value) } }
  /// A member of an object whose value is `true` or `false`.
  public mutating func field(_ name: String, _ value: Bool) { member(name) { $0.value(value) } }
  /// A member of an object whose value is `value` whole.
  public mutating func field(_ name: String, _ value: JSONValue) {
    member(name) { $0.value(value) }
  }

  private mutating func member(_ name: String, _ value: (inout JSONWriter) -> Void) {
    key(name)
    value(&self)
  }

  private mutating func scalar(_ write: (inout JSONWriter) -> Void) {
    beginValue()
    write(&self)
    needsComma = true
  }

  /// The comma and, pretty, the line break before a member or an element.
  private mutating func beginValue() {
    guard !isAfterKey else {
      isAfterKey = false
      return
    }
    if needsComma { bytes.append(UInt8(ascii: ",")) }
    if style == .pretty, depth > 0 { newline() }
  }

  private mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }

  // MARK: Text, also written by the Codable encoder, which places its own commas

  mutating func appendByte(_ byte: UInt8) { bytes.append(byte) }
  mutating func appendText(_ text: String) { bytes.append(contentsOf: text.utf8) }
  mutating func appendBool(_ bool: Bool) { appendText(bool ? "true" : "false") }

  /// `json` whole, in place, whatever was written before.
  mutating func appendValue(_ json: JSONValue) {
    (needsComma, isAfterKey) = (false, false)
    value(json)
    needsComma = false
  }

  /// `string` in quotes, escaped (see the type's documentation).
  mutating func appendString(_ string: String) {
    bytes.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      var start = 0
      var index = 0
      while true {
        // A run of plain bytes: most of a string.
        while index < utf8.count, case let byte = utf8[index], byte >= 0x20, byte != 0x7F,
          byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0xC2
        {
          index += 1
        }
        guard index < utf8.count else { break }
        // U+0080–U+009F are 0xC2 and a second byte that is their value.
        let isC1 = utf8[index] == 0xC2 && index + 1 < utf8.count && utf8[index + 1] < 0xA0
        guard utf8[index] != 0xC2 || isC1 else {
          index += 1
          continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        appendEscape(of: isC1 ? utf8[index + 1] : utf8[index])
        index += isC1 ? 2 : 1
        start = index
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func appendEscape(of character: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    switch character {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(character)
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    default:
      bytes.append(contentsOf: "u00".utf8)
      bytes.append(Self.hexDigits[Int(character >> 4)])
      bytes.append(Self.hexDigits[Int(character & 0xF)])
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  mutating func appendInteger<Integer: BinaryInteger>(_ value: Integer) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// The shortest decimal that reads back as `value` (finite), without a trailing `.0`.
  static func text<Number: BinaryFloatingPoint & CustomStringConvertible>(of value: Number)
    -> String
  {
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }
}
