import EndToEndSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The shared hostile server serves what it promises (checked with plain URLSession).
@Suite("HostileServer")
struct HostileServerTests {
  let session = URLSession(configuration: .ephemeral)

  func get(_ server: HostileServer, _ target: String) async throws -> (Int, Data) {
    let (data, response) = try await session.data(
      from: URL(string: server.url.absoluteString + target)!)
    return ((response as! HTTPURLResponse).statusCode, data)
  }

  @Test("well-behaved: dummyjson pages, posts and users")
  func wellBehaved() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let (status, data) = try await get(server, "/posts?limit=2&skip=1&order=desc")
    #expect(status == 200)
    let page = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    #expect((page["posts"] as! [[String: Any]]).map { $0["id"] as! Int } == [29, 28])
    #expect(try await get(server, "/posts/99").0 == 404)
    #expect(try await get(server, "/users/3").0 == 200)
  }

  @Test("each JSON fault answers in the shape the path asks for")
  func jsonFaults() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    #expect(
      try await get(server, "/hostile/too-deep/posts/1").1
        == Data(repeating: UInt8(ascii: "["), count: 513))
    #expect(try await get(server, "/hostile/nested/posts").1.count == 1024)
    let huge = try await get(server, "/hostile/huge-title/posts/1").1
    #expect(huge.count > 10_000_000)
    server.mode = .hugeArray
    let page =
      try JSONSerialization.jsonObject(with: try await get(server, "/posts").1) as! [String: Any]
    #expect((page["posts"] as! [Any]).count == 100_000)
    let invalid = try await get(server, "/hostile/invalid-utf8/posts/1").1
    #expect(invalid.contains(0xFF) && invalid.contains(0))
  }
}
