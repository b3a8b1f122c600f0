import Foundation

extension PersistedPath {
  /// The path whose ``key`` is `key`, or nil when `key` is not one.
  ///
  /// A hand-written reader of exactly the form ``key`` writes, so that restoring ten thousand
  /// rows does not run ten thousand JSON decoders.
  public init?(key: String) {
    var reader = KeyReader(Array(key.utf8))
    guard let elements = reader.readPath() else { return nil }
    self.init(elements: elements)
  }
}

private struct KeyReader {
  let bytes: [UInt8]
  var index = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func readPath() -> [PersistedPath.Element]? {
    guard take(UInt8(ascii: "[")) else { return nil }
    var elements: [PersistedPath.Element] = []
    if take(UInt8(ascii: "]")) { return index == bytes.count ? elements : nil }
    while true {
      guard let element = readElement() else { return nil }
      elements.append(element)
      if take(UInt8(ascii: ",")) { continue }
      guard take(UInt8(ascii: "]")), index == bytes.count else { return nil }
      return elements
    }
  }

  private mutating func readElement() -> PersistedPath.Element? {
    guard index < bytes.count else { return nil }
    switch bytes[index] {
    case UInt8(ascii: "\""): return readString().map { .string($0) }
    case UInt8(ascii: "t"): return take("true") ? .boolean(true) : nil
    case UInt8(ascii: "f"): return take("false") ? .boolean(false) : nil
    case UInt8(ascii: "{"):
      guard take(#"{"uuid":"#), let text = readString(), let uuid = UUID(uuidString: text),
        take(UInt8(ascii: "}"))
      else { return nil }
      return .uuid(uuid)
    default: return readNumber()
    }
  }

  private mutating func readNumber() -> PersistedPath.Element? {
    let start = index
    var isDouble = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        isDouble = true
      } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte),
        byte != UInt8(ascii: "-"), byte != UInt8(ascii: "+")
      {
        break
      }
      index += 1
    }
    guard index > start else { return nil }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isDouble { return Double(text).map { .double($0) } }
    return Int(text).map { .integer($0) }
  }

  private mutating func readString() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    var scalars = String.UnicodeScalarView()
    var start = index
    func flush(_ end: Int) {
      scalars.append(contentsOf: String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
    }
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        flush(index)
        index += 1
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush(index)
        index += 1
        guard index < bytes.count else { return nil }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          guard index + 4 <= bytes.count,
            let value = UInt32(
              String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
            let scalar = Unicode.Scalar(value)
          else { return nil }
          scalars.append(scalar)
          index += 4
        default: return nil
        }
        start = index
      default:
        index += 1
      }
    }
    return nil
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  private mutating func take(_ text: String) -> Bool {
    let expected = Array(text.utf8)
    guard bytes.count - index >= expected.count,
      bytes[index..<index + expected.count].elementsEqual(expected)
    else { return false }
    index += expected.count
    return true
  }
}
