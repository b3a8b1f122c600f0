import Foundation

/// The first bytes of a body as text that is safe to show anywhere, a terminal included.
enum TextExcerpt {
  /// Up to `limit` bytes of `data` decoded as UTF-8 with control characters escaped, and `…`
  /// when cut.
  static func of(_ data: Data, limit: Int = 200) -> String {
    let prefix = data.prefix(limit)
    let text = sanitized(String(decoding: prefix, as: UTF8.self))
    return data.count > limit ? text + "…" : text
  }

  /// `text` with control characters (escape sequences, newlines, DEL, C1) written as `\u{1B}`.
  static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
