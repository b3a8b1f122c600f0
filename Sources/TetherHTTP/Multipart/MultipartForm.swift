import Foundation

/// A `multipart/form-data` body: text fields and files, in order (RFC 7578).
///
/// Files given by URL are streamed from disk while the request is sent, never read whole; the
/// `Content-Length` is computed from the parts up front, so the server knows the size and a
/// progress bar has a total.
///
/// ```swift
/// var form = MultipartForm()
/// form.append("title", value: "Holiday")
/// form.append("photo", file: URL(fileURLWithPath: "/tmp/beach.jpg"), contentType: "image/jpeg")
/// let upload = Endpoint<Void>(.post, "uploads", body: .multipart(form))
/// ```
public struct MultipartForm: Sendable {
  /// One part: a field's name and its contents, with a file name and a content type for files.
  public struct Part: Sendable {
    /// The form field's name.
    public var name: String
    /// The file name a server sees, for a file part.
    public var filename: String?
    /// The part's content type; `nil` sends none (a plain text field).
    public var contentType: String?
    /// The bytes of the part.
    public var contents: Contents
  }

  /// Where a part's bytes come from.
  public enum Contents: Sendable {
    /// Bytes in memory.
    case data(Data)
    /// A file, read while the request is sent.
    case file(URL)
  }

  /// The separator between parts, unique enough never to occur in them.
  public let boundary: String
  /// The parts in the order they are sent.
  public private(set) var parts: [Part] = []

  /// An empty form separated by `boundary` (1 to 70 letters, digits, `-`, `_` or `.`); a random
  /// one by default.
  public init(boundary: String = MultipartForm.randomBoundary()) {
    precondition(
      (1...70).contains(boundary.utf8.count)
        && boundary.utf8.allSatisfy { Self.boundaryBytes.contains($0) },
      "a multipart boundary has 1 to 70 letters, digits, '-', '_' or '.'")
    self.boundary = boundary
  }

  /// A boundary of 32 random letters and digits after `tether-`.
  public static func randomBoundary() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    return "tether-" + String((0..<32).map { _ in alphabet.randomElement()! })
  }

  /// Appends a text field.
  public mutating func append(_ name: String, value: String) {
    parts.append(
      Part(name: name, filename: nil, contentType: nil, contents: .data(Data(value.utf8))))
  }

  /// Appends bytes as a file named `filename`.
  public mutating func append(
    _ name: String, data: Data, filename: String, contentType: String = "application/octet-stream"
  ) {
    parts.append(
      Part(name: name, filename: filename, contentType: contentType, contents: .data(data)))
  }

  /// Appends the file at `file`, streamed from disk while the request is sent; its name is
  /// `filename`, or the file's own name.
  public mutating func append(
    _ name: String, file: URL, filename: String? = nil,
    contentType: String = "application/octet-stream"
  ) {
    parts.append(
      Part(
        name: name, filename: filename ?? file.lastPathComponent, contentType: contentType,
        contents: .file(file)))
  }

  /// The request's `Content-Type`, with the boundary.
  public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// The body's length in bytes, with the files' sizes as they are now.
  ///
  /// - Throws: ``HTTPError/invalidRequest(_:)`` when a file cannot be read.
  public func contentLength() throws(HTTPError) -> Int {
    try segments().reduce(0) { $0 + $1.count }
  }

  /// The whole body in memory, files read: for tests and for transports that need bytes.
  ///
  /// - Throws: ``HTTPError/invalidRequest(_:)`` when a file cannot be read or changes size.
  public func encoded() throws(HTTPError) -> Data {
    let reader = MultipartReader(try segments())
    var data = Data(capacity: reader.length)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 1)
    defer { buffer.deallocate() }
    while true {
      let count = try reader.read(into: buffer)
      if count == 0 { return data }
      data.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// The body as a sequence of in-memory bytes and files of known sizes.
  func segments() throws(HTTPError) -> [MultipartSegment] {
    var segments: [MultipartSegment] = []
    var head = Data()
    for part in parts {
      head.append(contentsOf: "--\(boundary)\r\n".utf8)
      var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
      if let filename = part.filename {
        disposition += "; filename=\"\(Self.quoted(filename))\""
      }
      head.append(contentsOf: (disposition + "\r\n").utf8)
      if let contentType = part.contentType {
        head.append(contentsOf: "Content-Type: \(Self.headerSafe(contentType))\r\n".utf8)
      }
      head.append(contentsOf: "\r\n".utf8)
      switch part.contents {
      case .data(let data):
        head.append(data)
      case .file(let url):
        segments.append(.bytes(head))
        head = Data()
        segments.append(.file(url, size: try Self.size(of: url)))
      }
      head.append(contentsOf: "\r\n".utf8)
    }
    head.append(contentsOf: "--\(boundary)--\r\n".utf8)
    segments.append(.bytes(head))
    return segments
  }

  private static func size(of url: URL) throws(HTTPError) -> Int {
    var info = stat()
    guard stat(url.path, &info) == 0 else {
      throw .invalidRequest(
        "the file \(url.path) cannot be read: \(String(cString: strerror(errno)))")
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .invalidRequest("\(url.path) is not a regular file")
    }
    return Int(info.st_size)
  }

  /// A name or file name inside double quotes, as browsers write them (WHATWG): `"`, CR and LF
  /// percent-encoded, so nothing in it can end the header or the part.
  private static func quoted(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "\"": result += "%22"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// A header value without the line breaks that would end it.
  private static func headerSafe(_ text: String) -> String {
    String(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" })
  }

  private static let boundaryBytes = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.".utf8)
}

/// A stretch of a multipart body: bytes in memory, or a file expected to be `size` bytes long.
enum MultipartSegment: Sendable {
  case bytes(Data)
  case file(URL, size: Int)

  var count: Int {
    switch self {
    case .bytes(let data): data.count
    case .file(_, let size): size
    }
  }
}
