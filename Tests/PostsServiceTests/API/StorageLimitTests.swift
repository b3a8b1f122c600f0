import Foundation
import PostsService
import Testing

/// What clients write is bounded: fields by size (413), created records by number.
@Suite("Storage limits")
struct StorageLimitTests {
  @Test(arguments: [
    ("title", 1024), ("body", 16 * 1024),
  ])
  func fieldsLongerThanTheLimitAre413(field: String, limit: Int) async throws {
    try await withServer { _, client in
      func add(length: Int) async throws -> TestResponse {
        let text =
          String(repeating: "é", count: length / 2) + String(repeating: "x", count: length % 2)
        return try await client.send(
          "POST", "/posts/add", json: #"{"title": "t", "userId": 1, "\#(field)": "\#(text)"}"#)
      }
      #expect(try await add(length: limit).status == 201)
      let tooLong = try await add(length: limit + 1)
      #expect(tooLong.status == 413)
      #expect(tooLong.message == "'\(field)' is longer than \(limit) bytes")
      // Updates are capped the same way.
      let text = String(repeating: "x", count: limit + 1)
      #expect(
        try await client.send("PATCH", "/posts/1", json: #"{"\#(field)": "\#(text)"}"#).status
          == 413)
    }
  }

  @Test func aMegabyteTitleIsRefusedAndNotStored() async throws {
    try await withServer { _, client in
      let title = String(repeating: "x", count: 1024 * 1024 - 100)
      let response = try await client.send(
        "POST", "/posts/add", json: #"{"title":"\#(title)","userId":1}"#)
      #expect(response.status == 413)
      #expect(try await client.get("/posts").decode(PostListShape.self).total == 251)
    }
  }

  @Test func tagsAndCommentsAreCappedToo() async throws {
    try await withServer { _, client in
      let many = (0...20).map { "\"t\($0)\"" }.joined(separator: ",")
      let tooMany = try await client.send(
        "POST", "/posts/add", json: #"{"title": "t", "userId": 1, "tags": [\#(many)]}"#)
      #expect(tooMany.status == 413)
      let long = String(repeating: "x", count: 65)
      #expect(
        try await client.send(
          "POST", "/posts/add", json: #"{"title": "t", "userId": 1, "tags": ["\#(long)"]}"#
        ).status == 413)
      let body = String(repeating: "x", count: 4097)
      #expect(
        try await client.send(
          "POST", "/comments/add", json: #"{"body": "\#(body)", "postId": 1, "userId": 1}"#
        ).status == 413)
    }
  }

  @Test func theOldestCreatedPostsAreDroppedBeyondTheCap() async throws {
    try await withServer(PostsServer.Configuration(maximumCreated: 3)) { _, client in
      var ids: [Int] = []
      for index in 1...5 {
        let created = try await client.send(
          "POST", "/posts/add", json: #"{"title": "Post \#(index)", "userId": 1}"#)
        ids.append(try created.decode(PostShape.self).id)
      }
      #expect(ids == Array(252...256))
      for id in ids.prefix(2) { #expect(try await client.get("/posts/\(id)").status == 404) }
      for id in ids.suffix(3) { #expect(try await client.get("/posts/\(id)").status == 200) }
      let all = try await client.get("/posts?limit=0").decode(PostListShape.self)
      #expect(all.total == 251 + 3)
      #expect(all.posts.prefix(251).map(\.id) == Array(1...251))
    }
  }
}
