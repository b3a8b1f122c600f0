import EndToEndSupport
import Foundation
import PostsService
import Testing

/// Requests built to crash the server or make it work hard: each is refused with a JSON
/// message, at a cost linear in its size, and the server goes on serving.
@Suite("Hostile input", .onOwnThread)
struct HostileInputTests {
  static let deepArrays = String(repeating: "[", count: 513)
  /// 512 nested arrays in 1 KiB, and 512 nested objects in 3 KiB: over a second of CPU each
  /// for Foundation's decoder.
  static let nestedArrays = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
  static let nestedObjects =
    String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512)

  @Test(arguments: [
    ("POST", "/posts/add"), ("PUT", "/posts/1"), ("PATCH", "/posts/1"), ("PUT", "/_faults"),
    ("POST", "/comments/add"), ("PUT", "/comments/1"),
  ])
  func deeplyNestedBodiesAreRefusedWithoutCrashing(method: String, path: String) async throws {
    try await withServer { _, client in
      for body in [Self.deepArrays, Self.nestedArrays, Self.nestedObjects] {
        let response = try await client.send(method, path, json: body)
        #expect(response.status == 400)
        #expect(
          response.message?.hasPrefix(
            "Invalid JSON in the request body: arrays and objects nest more than 32 levels deep")
            == true)
      }
      #expect(try await client.get("/posts/1").status == 200)
    }
  }

  @Test func documentsWithinTheLimitsStillParse() async throws {
    try await withServer { _, client in
      let nested = String(repeating: "[", count: 30) + String(repeating: "]", count: 30)
      let body = #"{"title": "deep", "userId": 1, "extra": \#(nested)}"#
      let response = try await client.send("POST", "/posts/add", json: body)
      #expect(response.status == 201)
    }
  }

  @Test func aFloodOfBlankLinesCountsAgainstTheHeadLimit() async throws {
    try await withServer { server, client in
      let raw = try RawConnection(port: server.port)
      // 32 KiB of blank lines and no request line yet: refused at 16 KiB, not kept whole.
      try raw.send(Array(String(repeating: "\r\n", count: 16 * 1024).utf8))
      let response = try await raw.readResponse()
      #expect(response.status == 431)
      #expect(response.text.contains("blank lines"))
      #expect(await raw.waitForClose())
      #expect(try await client.get("/posts/1").status == 200)
    }
  }

  @Test func aFewBlankLinesBeforeARequestAreFine() async throws {
    try await withServer { server, _ in
      let raw = try RawConnection(port: server.port)
      try raw.send("\r\n\r\n\n" + "GET /posts/1 HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(try await raw.readResponse().status == 200)
    }
  }

  @Test func bodiesBeyondTheBufferBudgetAre503() async throws {
    try await withServer(PostsServer.Configuration(maximumBufferedBytes: 1000)) { server, _ in
      let large = try RawConnection(port: server.port)
      try large.send("POST /posts/add HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n")
      let refused = try await large.readResponse()
      #expect(refused.status == 503)
      #expect(refused.headers["retry-after"] == "1")

      let small = try RawConnection(port: server.port)
      let body = #"{"title":"fits","userId":1}"#
      try small.send(
        "POST /posts/add HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
      #expect(try await small.readResponse().status == 201)
    }
  }

  @Test func pipelinedFloodsAreAnsweredInOrderWithoutRecursion() async throws {
    try await withServer { server, _ in
      let raw = try RawConnection(port: server.port)
      let request = "GET /posts/1?select=id HTTP/1.1\r\nHost: x\r\n\r\n"
      let count = 16 * 1024 / request.utf8.count
      try raw.send(String(repeating: request, count: count))
      for _ in 0..<count {
        #expect(try await raw.readResponse().text == #"{"id":1}"#)
      }
    }
  }
}
