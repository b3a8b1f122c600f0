import EndToEndSupport
import Foundation
import PostsService
import Testing
import TetherDiagnostics

@Suite("Keep-alive load", .onOwnThread)
struct KeepAliveLoadTests {
  /// 8 connections × 250 requests each, with and without 30% injected failures (failures keep
  /// the connection open): every answer well-formed, nothing dropped.
  @Test(arguments: [0.0, 0.3])
  func manyRequestsOnFewConnections(failureRate: Double) async throws {
    let configuration = PostsServer.Configuration(faults: FaultPlan(failureRate: failureRate))
    try await withServer(configuration) { server, _ in
      let statuses = try await withThrowingTaskGroup(of: [Int].self) { group in
        for connection in 0..<8 {
          group.addTask {
            let raw = try RawConnection(port: server.port)
            var statuses: [Int] = []
            for index in 0..<250 {
              let id = (connection * 250 + index) % 251 + 1
              try raw.send("GET /posts/\(id)?select=title HTTP/1.1\r\nHost: x\r\n\r\n")
              let response = try await raw.readResponse()
              #expect(try JSONSerialization.jsonObject(with: Data(response.body)) is [String: Any])
              statuses.append(response.status)
            }
            return statuses
          }
        }
        return try await group.reduce(into: []) { $0 += $1 }
      }
      #expect(statuses.count == 2000)
      let failures = statuses.filter { $0 != 200 }
      #expect(Set(failures).isSubset(of: [500, 503]))
      #expect(abs(Double(failures.count) / 2000 - failureRate) <= 0.05)
    }
  }

  @Test func hostileTitlesReadBackAsValidJSON() async throws {
    try await withServer { _, client in
      let titles = [
        "quote \" backslash \\ slash /", "\u{1B}[31mred\u{1B}[0m", "tab\tnew\nline\r",
        "\u{0}\u{7F}\u{1F}", "</script><script>alert(1)</script>", "👩‍💻 東京 café",
        "line\u{2028}paragraph\u{2029}end",
      ]
      var ids: [Int] = []
      for title in titles {
        let body = try JSONSerialization.data(withJSONObject: ["title": title, "userId": 1])
        let created = try await client.send(
          "POST", "/posts/add", json: String(decoding: body, as: UTF8.self))
        #expect(created.status == 201)
        ids.append(try created.decode(PostShape.self).id)
      }
      for (id, title) in zip(ids, titles) {
        #expect(try await client.get("/posts/\(id)").decode(PostShape.self).title == title)
      }
      let list = try await client.get("/posts?skip=251&limit=0").decode(PostListShape.self)
      #expect(list.posts.map(\.title) == titles)
    }
  }
}
