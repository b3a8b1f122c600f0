import Testing

@testable import PostsService

@Suite("HTTP request parser")
struct HTTPRequestParserTests {
  private func parseAll(_ text: String) -> HTTPRequestParser.Step {
    var parser = HTTPRequestParser()
    return parser.parse(Array(text.utf8))
  }

  @Test func parsesARequestWithQueryHeadersAndBody() throws {
    let text =
      "POST /posts/tag/caf%C3%A9?q=a+b%26c&limit=5&limit=6&flag HTTP/1.1\r\nHost: x\r\n"
      + "X-Thing:  spaced value \t\r\nContent-Length: 4\r\n\r\nbodyGET"
    guard case .request(let request, let consumed) = parseAll(text) else {
      Issue.record("no request")
      return
    }
    #expect(consumed == text.utf8.count - 3)
    #expect(request.method == "POST")
    #expect(request.pathSegments == ["posts", "tag", "café"])
    #expect(request.query == ["q": "a b&c", "limit": "5", "flag": ""])
    #expect(request.header("x-thing") == "spaced value")
    #expect(request.body == Array("body".utf8))
    #expect(request.keepAlive)
  }

  @Test func waitsForTheWholeHeadAndBodyFedByteByByte() {
    let text = "PUT /posts/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}"
    var parser = HTTPRequestParser()
    var buffer: [UInt8] = []
    for (index, byte) in text.utf8.enumerated() {
      buffer.append(byte)
      let step = parser.parse(buffer)
      if index < text.utf8.count - 1 {
        switch step {
        case .needsMoreData, .headParsed: break
        default:
          Issue.record("finished early at byte \(index)")
          return
        }
      } else {
        guard case .request(let request, consumed: buffer.count) = step else {
          Issue.record("not finished at the end")
          return
        }
        #expect(request.body == Array("{}".utf8))
      }
    }
  }

  @Test func acceptsBareLineFeedsAndLeadingBlankLines() {
    guard case .request(let request, _) = parseAll("\r\n\nGET /posts HTTP/1.1\nHost: x\n\n") else {
      Issue.record("no request")
      return
    }
    #expect(request.pathSegments == ["posts"])
  }

  @Test func reportsExpectContinueOnlyWhileTheBodyIsMissing() {
    var parser = HTTPRequestParser()
    let head = Array(
      "POST /posts/add HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"
        .utf8)
    guard case .headParsed(contentLength: 2, expectsContinue: true) = parser.parse(head) else {
      Issue.record("expected a 100-continue step")
      return
    }
    #expect(parser.bytesStillNeeded(given: head.count) == 2)
    guard case .request = parser.parse(head + Array("{}".utf8)) else {
      Issue.record("expected the request")
      return
    }
  }

  @Test func connectionHeaderDecidesKeepAlive() {
    func keepAlive(_ text: String) -> Bool? {
      guard case .request(let request, _) = parseAll(text) else { return nil }
      return request.keepAlive
    }
    #expect(keepAlive("GET / HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n") == false)
    #expect(keepAlive("GET / HTTP/1.0\r\n\r\n") == false)
    #expect(keepAlive("GET / HTTP/1.0\r\nConnection: foo, Keep-Alive\r\n\r\n") == true)
  }

  @Test func headSizeLimitIsExactly16KiB() {
    let prefix = "GET / HTTP/1.1\r\nHost: x\r\nX-Fill: "
    let fillerForExactLimit = 16 * 1024 - prefix.utf8.count - 4
    let atLimit = prefix + String(repeating: "a", count: fillerForExactLimit) + "\r\n\r\n"
    guard case .request = parseAll(atLimit) else {
      Issue.record("a 16 KiB head must be accepted")
      return
    }
    let overLimit = prefix + String(repeating: "a", count: fillerForExactLimit + 1) + "\r\n\r\n"
    guard case .failure(let error) = parseAll(overLimit) else {
      Issue.record("a longer head must be refused")
      return
    }
    #expect(error.status == 431)
  }

  @Test(arguments: [
    ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1048577\r\n\r\n", 413),
    ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413),
    ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1 2\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
    ("GET / HTTP/1.2\r\nHost: x\r\n\r\n", 505),
    ("G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET /caf\u{E9} HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
  ])
  func refusesBadHeads(text: String, status: Int) {
    guard case .failure(let error) = parseAll(text) else {
      Issue.record("accepted: \(text)")
      return
    }
    #expect(error.status == status)
  }
}
