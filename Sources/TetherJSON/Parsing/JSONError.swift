/// Why bytes are not a JSON document the limits allow, and where: the byte offset, and the
/// line and column of that byte (`expected ':' after a key at line 1, column 7 (byte 6)`).
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public enum Reason: Sendable, Hashable {
    /// The document is `size` bytes, over the `limit`; it was not read.
    case tooLarge(size: Int, limit: Int)
    /// Arrays and objects nest more than `limit` levels deep, from the bracket at the offset.
    case tooDeep(limit: Int)
    /// The number at the offset is longer than `limit` characters.
    case numberTooLong(limit: Int)
    /// The text is not JSON: what was found or expected there (`expected ':' after a key`).
    case malformed(String)
  }

  public var reason: Reason
  /// The offset of the first byte in question.
  public var offset: Int
  /// The line of that byte, from 1; 0 for a document refused for its size.
  public var line: Int
  /// The column of that byte in its line, from 1, counted in Unicode scalars (characters, for
  /// most text); 0 for a document refused for its size.
  public var column: Int

  init(_ reason: Reason, offset: Int, line: Int, column: Int) {
    self.reason = reason
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// The error `reason` at `offset` in `bytes`, its line and column counted.
  init(_ reason: Reason, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    self.init(reason, offset: offset, line: line, column: column)
  }

  public var description: String {
    switch reason {
    case .tooLarge(let size, let limit):
      return "the JSON is \(size) bytes, over the limit of \(limit) bytes"
    case .tooDeep(let limit):
      return "arrays and objects nest more than \(limit) levels deep \(location)"
    case .numberTooLong(let limit):
      return "a number is longer than \(limit) characters \(location)"
    case .malformed(let message):
      return "\(message) \(location)"
    }
  }

  private var location: String { "at line \(line), column \(column) (byte \(offset))" }
}
