/// Splits a `multipart/form-data` body (RFC 7578) into its parts.
struct MultipartParser {
  /// One part: its name, file name and content type from its headers, and its bytes.
  struct Part {
    var name: String
    var filename: String?
    var contentType: String?
    var body: ArraySlice<UInt8>
  }

  /// Why a body is not a valid multipart body.
  struct Failure: Error {
    var reason: String
  }

  let boundary: String

  /// The `boundary` parameter of a `multipart/form-data` content type, unquoted.
  static func boundary(fromContentType contentType: String) -> String? {
    let fields = contentType.split(separator: ";").map {
      $0.trimmed
    }
    guard fields.first?.lowercased() == "multipart/form-data" else { return nil }
    for field in fields.dropFirst() {
      let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
      guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
      var value = pair[1]
      if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
        value = String(value.dropFirst().dropLast())
      }
      return (1...70).contains(value.utf8.count) ? value : nil
    }
    return nil
  }

  /// The parts of `body`, in order.
  func parts(of body: [UInt8]) throws(Failure) -> [Part] {
    let delimiter = Array("--\(boundary)".utf8)
    let separator = Array("\r\n--\(boundary)".utf8)
    guard body.starts(with: delimiter) else {
      throw Failure(reason: "the body does not start with the boundary")
    }
    var parts: [Part] = []
    var position = delimiter.count
    while true {
      // After a delimiter: `--` ends the body, CR LF starts a part.
      if body[position...].starts(with: "--".utf8) {
        let rest = body[(position + 2)...]
        guard rest.allSatisfy({ $0 == 13 || $0 == 10 }) else {
          throw Failure(reason: "bytes after the closing boundary")
        }
        return parts
      }
      guard body[position...].starts(with: "\r\n".utf8) else {
        throw Failure(reason: "a boundary is not followed by a line break")
      }
      position += 2
      guard let headEnd = Self.find(Array("\r\n\r\n".utf8), in: body, from: position) else {
        throw Failure(reason: "a part's headers do not end")
      }
      var part = try Self.part(headers: body[position..<headEnd])
      let start = headEnd + 4
      guard let end = Self.find(separator, in: body, from: start) else {
        throw Failure(reason: "the body ends without a closing boundary")
      }
      part.body = body[start..<end]
      parts.append(part)
      position = end + separator.count
    }
  }

  private static func part(headers: ArraySlice<UInt8>) throws(Failure) -> Part {
    var name: String?
    var filename: String?
    var contentType: String?
    let text = String(decoding: headers, as: UTF8.self)
    for line in text.split(separator: "\r\n") {
      let pair = line.split(separator: ":", maxSplits: 1).map(String.init)
      guard pair.count == 2 else { throw Failure(reason: "a part's header has no colon") }
      let value = pair[1].trimmed
      switch pair[0].lowercased() {
      case "content-disposition":
        name = parameter("name", in: value)
        filename = parameter("filename", in: value)
      case "content-type":
        contentType = value
      default:
        break
      }
    }
    guard let name else { throw Failure(reason: "a part has no name") }
    return Part(name: name, filename: filename, contentType: contentType, body: [])
  }

  /// A quoted parameter of a `Content-Disposition` value, with `%22`, `%0D` and `%0A` decoded as
  /// browsers encode them.
  private static func parameter(_ name: String, in value: String) -> String? {
    for field in value.split(separator: ";").dropFirst() {
      let pair = field.split(separator: "=", maxSplits: 1).map {
        $0.trimmed
      }
      guard pair.count == 2, pair[0].lowercased() == name else { continue }
      var text = pair[1]
      if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2 {
        text = String(text.dropFirst().dropLast())
      }
      return text.replacing("%22", with: "\"").replacing("%0D", with: "\r")
        .replacing("%0A", with: "\n")
    }
    return nil
  }

  private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard needle.count <= haystack.count - start else { return nil }
    var index = start
    let last = haystack.count - needle.count
    while index <= last {
      if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle)
      {
        return index
      }
      index += 1
    }
    return nil
  }
}

extension StringProtocol {
  /// The text without the spaces and tabs around it.
  fileprivate var trimmed: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
