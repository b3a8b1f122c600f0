/// Writes JSON text straight into a byte buffer, keys in the order they are written.
///
/// The service uses it instead of `JSONEncoder` for two reasons: responses keep dummyjson's field
/// order (`id`, `title`, `body`, ...), and the hot `GET /posts` path stays cheap.
///
///     var writer = JSONWriter()
///     writer.object { json in
///       json.field("id", 1)
///       json.field("title", "Hello")
///     }
///     // writer.bytes == Array(#"{"id":1,"title":"Hello"}"#.utf8)
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
  /// Whether the next key or array element must be preceded by a comma.
  private var needsComma = false

  init(capacity: Int = 512) {
    bytes.reserveCapacity(capacity)
  }

  mutating func object(_ body: (inout JSONWriter) -> Void) {
    separate()
    bytes.append(UInt8(ascii: "{"))
    needsComma = false
    body(&self)
    bytes.append(UInt8(ascii: "}"))
    needsComma = true
  }

  mutating func array(_ body: (inout JSONWriter) -> Void) {
    separate()
    bytes.append(UInt8(ascii: "["))
    needsComma = false
    body(&self)
    bytes.append(UInt8(ascii: "]"))
    needsComma = true
  }

  mutating func key(_ name: String) {
    separate()
    appendQuoted(name)
    bytes.append(UInt8(ascii: ":"))
    needsComma = false
  }

  mutating func value(_ string: String) {
    separate()
    appendQuoted(string)
    needsComma = true
  }

  mutating func value(_ integer: Int) {
    separate()
    appendDigits(of: integer)
    needsComma = true
  }

  mutating func value(_ number: Double) {
    separate()
    if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
      appendDigits(of: Int(number))
    } else if number.isFinite {
      bytes.append(contentsOf: number.description.utf8)
    } else {
      bytes.append(contentsOf: "null".utf8)
    }
    needsComma = true
  }

  mutating func value(_ boolean: Bool) {
    separate()
    bytes.append(contentsOf: (boolean ? "true" : "false").utf8)
    needsComma = true
  }

  /// Writes a parsed value back out, object members in their order.
  mutating func value(_ json: JSONValue) {
    switch json {
    case .null:
      separate()
      bytes.append(contentsOf: "null".utf8)
      needsComma = true
    case .boolean(let boolean): value(boolean)
    case .number(let number): value(number)
    case .string(let string): value(string)
    case .array(let elements):
      array { json in
        for element in elements { json.value(element) }
      }
    case .object(let object):
      self.object { json in
        for member in object { json.field(member.key, member.value) }
      }
    }
  }

  mutating func field(_ name: String, _ json: JSONValue) {
    key(name)
    value(json)
  }

  mutating func field(_ name: String, _ string: String) {
    key(name)
    value(string)
  }

  mutating func field(_ name: String, _ integer: Int) {
    key(name)
    value(integer)
  }

  mutating func field(_ name: String, _ number: Double) {
    key(name)
    value(number)
  }

  mutating func field(_ name: String, _ boolean: Bool) {
    key(name)
    value(boolean)
  }

  mutating func field(_ name: String, strings: [String]) {
    key(name)
    array { json in
      for string in strings { json.value(string) }
    }
  }

  private mutating func separate() {
    if needsComma { bytes.append(UInt8(ascii: ",")) }
  }

  private mutating func appendDigits(of integer: Int) {
    if integer < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = integer.magnitude
    let start = bytes.count
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  private mutating func appendQuoted(_ string: String) {
    bytes.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      var runStart = 0
      for index in 0..<utf8.count {
        let byte = utf8[index]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        appendEscape(for: byte)
        runStart = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func appendEscape(for byte: UInt8) {
    bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case 0x22: bytes.append(UInt8(ascii: "\""))
    case 0x5C: bytes.append(UInt8(ascii: "\\"))
    case 0x0A: bytes.append(UInt8(ascii: "n"))
    case 0x0D: bytes.append(UInt8(ascii: "r"))
    case 0x09: bytes.append(UInt8(ascii: "t"))
    case 0x08: bytes.append(UInt8(ascii: "b"))
    case 0x0C: bytes.append(UInt8(ascii: "f"))
    default:
      let hex = Array("0123456789abcdef".utf8)
      bytes.append(contentsOf: Array("u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
    }
  }
}
