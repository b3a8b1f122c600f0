/// Reads HTTP/1.x requests out of a connection's receive buffer, enforcing the size limits.
///
/// Feed it the whole buffer of the current request (from its first byte, blank lines before the
/// request line included) each time more bytes arrive; it remembers how far it has looked, so
/// every byte is examined once however slowly it arrives. Limits: blank lines, request line and
/// headers together at most 16 KiB (431), body at most 1 MiB (413), `Content-Length` bodies
/// only (501 for `Transfer-Encoding`).
struct HTTPRequestParser {
  static let maximumHeadSize = 16 * 1024
  static let maximumBodySize = 1024 * 1024

  enum Step {
    /// More bytes are needed.
    case needsMoreData
    /// The head has just been read and is valid; its body of `contentLength` bytes has not
    /// fully arrived. `expectsContinue` when the client asked for `Expect: 100-continue`.
    case headParsed(contentLength: Int, expectsContinue: Bool)
    /// A complete request that took the first `consumed` bytes of the buffer.
    case request(HTTPRequest, consumed: Int)
    /// The bytes are not an acceptable request; answer with the error and close.
    case failure(HTTPRequestError)
  }

  /// How many bytes of the buffer have been examined for the end of the head.
  private var scannedUpTo = 0
  /// Where the request line starts, once a byte other than CR or LF has arrived.
  private var requestLineStart: Int?
  private var pending: (request: HTTPRequest, headEnd: Int, bodyLength: Int)?

  /// How many more bytes complete the current request once its head has been parsed; `nil`
  /// while the head is incomplete.
  func bytesStillNeeded(given count: Int) -> Int? {
    guard let pending else { return nil }
    return max(0, pending.headEnd + pending.bodyLength - count)
  }

  mutating func parse(_ buffer: [UInt8]) -> Step {
    if pending == nil {
      guard let headEnd = findHeadEnd(in: buffer) else {
        return buffer.count > Self.maximumHeadSize ? .failure(.headTooLarge) : .needsMoreData
      }
      guard headEnd <= Self.maximumHeadSize, let requestLineStart else {
        return .failure(.headTooLarge)
      }
      do {
        let head = try HTTPRequestHead(buffer[requestLineStart..<headEnd])
        pending = (head.request, headEnd, head.contentLength)
        if buffer.count < headEnd + head.contentLength {
          return .headParsed(
            contentLength: head.contentLength, expectsContinue: head.expectsContinue)
        }
      } catch {
        return .failure(error)
      }
    }
    guard let (request, headEnd, bodyLength) = pending, buffer.count >= headEnd + bodyLength
    else { return .needsMoreData }
    var complete = request
    complete.body = Array(buffer[headEnd..<(headEnd + bodyLength)])
    self = HTTPRequestParser()
    return .request(complete, consumed: headEnd + bodyLength)
  }

  /// The index just past the blank line ending the head (`\r\n\r\n` or a bare `\n\n`); blank
  /// lines before the request line are skipped (RFC 9112 §2.2) but stay part of the head.
  private mutating func findHeadEnd(in buffer: [UInt8]) -> Int? {
    var index = scannedUpTo
    defer { scannedUpTo = index }
    if requestLineStart == nil {
      while index < buffer.count, buffer[index] == .carriageReturn || buffer[index] == .lineFeed {
        index += 1
      }
      guard index < buffer.count else { return nil }
      requestLineStart = index
    }
    while index < buffer.count {
      if buffer[index] == .lineFeed {
        guard index + 1 < buffer.count else { return nil }
        if buffer[index + 1] == .lineFeed { return index + 2 }
        if buffer[index + 1] == .carriageReturn {
          guard index + 2 < buffer.count else { return nil }
          if buffer[index + 2] == .lineFeed { return index + 3 }
        }
      }
      index += 1
    }
    return nil
  }
}

/// Why bytes were not accepted as a request: the status to answer with and a message.
struct HTTPRequestError: Error, Equatable {
  var status: Int
  var message: String

  static let headTooLarge = HTTPRequestError(
    status: 431, message: "Request line and headers exceed 16 KiB (blank lines before them count)")
  static let bodyTooLarge = HTTPRequestError(status: 413, message: "Request body exceeds 1 MiB")

  static func malformed(_ detail: String) -> HTTPRequestError {
    HTTPRequestError(status: 400, message: "Malformed request: \(detail)")
  }
}

extension UInt8 {
  static let carriageReturn = UInt8(ascii: "\r")
  static let lineFeed = UInt8(ascii: "\n")
}
