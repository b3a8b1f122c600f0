/// Reads HTTP/1.x requests out of a connection's receive buffer, enforcing the size limits.
///
/// Feed it the whole unconsumed buffer each time more bytes arrive; it remembers how far it has
/// looked, so a client that trickles bytes costs linear time. Limits: request line plus headers
/// at most 16 KiB (431), body at most 1 MiB (413), `Content-Length` bodies only (501 for
/// `Transfer-Encoding`).
struct HTTPRequestParser {
  static let maximumHeadSize = 16 * 1024
  static let maximumBodySize = 1024 * 1024

  enum Step {
    /// More bytes are needed; `expectsContinue` when the head is complete, asked for
    /// `Expect: 100-continue`, and the body has not arrived yet.
    case needsMoreData(expectsContinue: Bool)
    /// A complete request that took the first `consumed` bytes of the buffer.
    case request(HTTPRequest, consumed: Int)
    /// The bytes are not an acceptable request; answer with the error and close.
    case failure(HTTPRequestError)
  }

  private var scannedUpTo = 0
  private var pending: (request: HTTPRequest, headEnd: Int, bodyLength: Int, expectsContinue: Bool)?

  mutating func parse(_ buffer: [UInt8]) -> Step {
    if pending == nil {
      let start = buffer.firstIndex { $0 != .carriageReturn && $0 != .lineFeed } ?? buffer.count
      guard let headEnd = findHeadEnd(in: buffer, from: start) else {
        if buffer.count - start > Self.maximumHeadSize { return .failure(.headTooLarge) }
        return .needsMoreData(expectsContinue: false)
      }
      if headEnd - start > Self.maximumHeadSize { return .failure(.headTooLarge) }
      do {
        let head = try HTTPRequestHead(buffer[start..<headEnd])
        pending = (head.request, headEnd, head.contentLength, head.expectsContinue)
      } catch {
        return .failure(error)
      }
    }
    guard let (request, headEnd, bodyLength, expectsContinue) = pending else {
      return .needsMoreData(expectsContinue: false)
    }
    guard buffer.count >= headEnd + bodyLength else {
      return .needsMoreData(expectsContinue: expectsContinue)
    }
    var complete = request
    complete.body = Array(buffer[headEnd..<(headEnd + bodyLength)])
    pending = nil
    scannedUpTo = 0
    return .request(complete, consumed: headEnd + bodyLength)
  }

  /// The index just past the blank line ending the head (`\r\n\r\n` or a bare `\n\n`).
  private mutating func findHeadEnd(in buffer: [UInt8], from start: Int) -> Int? {
    var index = max(scannedUpTo, start)
    defer { scannedUpTo = index }
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
    status: 431, message: "Request line and headers exceed 16 KiB")
  static let bodyTooLarge = HTTPRequestError(status: 413, message: "Request body exceeds 1 MiB")

  static func malformed(_ detail: String) -> HTTPRequestError {
    HTTPRequestError(status: 400, message: "Malformed request: \(detail)")
  }
}

extension UInt8 {
  static let carriageReturn = UInt8(ascii: "\r")
  static let lineFeed = UInt8(ascii: "\n")
}
