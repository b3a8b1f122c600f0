import Foundation
import PostsService
import Testing

/// `--writes dummyjson`: writes answered as dummyjson answers them, with nothing stored.
@Suite("Writes as dummyjson answers them")
struct DummyJSONWritesTests {
  let configuration = PostsServer.Configuration(writes: .dummyjson)

  @Test func addEchoesWhatWasSentWithTheNextIDAndStoresNothing() async throws {
    try await withServer(configuration) { _, client in
      let added = try await client.send(
        "POST", "/posts/add", json: #"{"title": "Echo", "userId": "5", "views": 9, "tags": ["a"]}"#)
      #expect(added.status == 201)
      #expect(added.text == #"{"id":252,"title":"Echo","userId":"5","tags":["a"]}"#)
      // Again the same id: nothing was stored.
      let again = try await client.send("POST", "/posts/add", json: #"{"userId": 1}"#)
      #expect(again.text == #"{"id":252,"userId":1}"#)
      #expect(try await client.get("/posts/252").status == 404)
      #expect(try await client.get("/posts").decode(PostListShape.self).total == 251)

      let missing = try await client.send("POST", "/posts/add", json: #"{"title": "x"}"#)
      #expect(missing.status == 400 && missing.message == "User id is required")
      let empty = try await client.send("POST", "/posts/add", json: nil)
      #expect(empty.message == "User id is required")
      let unknown = try await client.send("POST", "/posts/add", json: #"{"userId": 4242}"#)
      #expect(unknown.status == 404)
    }
  }

  @Test func updateMergesWithThePostAndChangesNothing() async throws {
    try await withServer(configuration) { _, client in
      let before = try await client.get("/posts/3").decode(PostShape.self)
      let updated = try await client.send(
        "PUT", "/posts/3", json: #"{"title": "New", "body": "", "views": 1, "userId": 0}"#)
      let object = try updated.object()
      #expect(object["title"] as? String == "New")
      // Falsy values keep the post's, as `title || post.title` does; `views` is not echoed.
      #expect(object["body"] as? String == before.body)
      #expect(object["userId"] as? Int == before.userId)
      #expect(object["views"] == nil)
      #expect(
        Array(object.keys).sorted() == ["body", "id", "reactions", "tags", "title", "userId"])
      #expect(try await client.get("/posts/3").decode(PostShape.self) == before)
      #expect(try await client.send("PATCH", "/posts/abc", json: "{}").status == 400)
    }
  }

  @Test func deleteMarksButKeeps() async throws {
    try await withServer(configuration) { _, client in
      for _ in 0..<2 {
        let deleted = try await client.send("DELETE", "/posts/10")
        #expect(try deleted.object()["isDeleted"] as? Bool == true)
      }
      #expect(try await client.get("/posts/10").status == 200)
    }
  }

  @Test func commentWritesEchoToo() async throws {
    try await withServer(configuration) { _, client in
      let total = try await client.get("/comments").decode(CommentListShape.self).total
      let added = try await client.send(
        "POST", "/comments/add", json: #"{"body": "Hi", "postId": "3", "userId": 5}"#)
      #expect(added.status == 201)
      let object = try added.object()
      #expect(object["id"] as? Int == total + 1)
      #expect(object["postId"] as? String == "3")
      #expect(
        Set(((object["user"] as? [String: Any]) ?? [:]).keys) == ["id", "username", "fullName"])
      #expect(try await client.get("/comments/\(total + 1)").status == 404)

      let updated = try await client.send("PUT", "/comments/1", json: #"{"body": "Changed"}"#)
      #expect(try updated.object()["body"] as? String == "Changed")
      #expect(try await client.get("/comments/1").object()["body"] as? String != "Changed")
    }
  }
}
