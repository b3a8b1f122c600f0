import Foundation
import PostsService
import Testing

@Suite("Write routes over HTTP")
struct WriteRoutesTests {
  @Test func addedPostGetsTheNextIDAndShowsUpInLaterReads() async throws {
    try await withServer { _, client in
      let created = try await client.send(
        "POST", "/posts/add",
        json:
          #"{"title": "Ünïcode 東京 🚀", "userId": 5, "body": "Hello 東京 🚀", "tags": ["new"], "reactions": {"likes": 3, "dislikes": 1}}"#
      )
      #expect(created.status == 201)
      let post = try created.decode(PostShape.self)
      #expect(
        post
          == PostShape(
            id: 252, title: "Ünïcode 東京 🚀", body: "Hello 東京 🚀", tags: ["new"],
            reactions: .init(likes: 3, dislikes: 1), views: 0, userId: 5))

      #expect(try await client.get("/posts/252").decode(PostShape.self) == post)
      let list = try await client.get("/posts?skip=250").decode(PostListShape.self)
      #expect(list.total == 252)
      #expect(list.posts.map(\.id) == [251, 252])
      #expect(
        try await client.get("/posts/search?q=%E6%9D%B1%E4%BA%AC%20%F0%9F%9A%80").decode(
          PostListShape.self
        ).posts.map(\.id).contains(252))
      #expect(
        try await client.get("/posts/user/5?limit=0").decode(PostListShape.self).posts.last?.id
          == 252)

      let second = try await client.send(
        "POST", "/posts/add", json: #"{"title": "Two", "userId": 1}"#)
      #expect(try second.decode(PostShape.self).id == 253)
    }
  }

  @Test func putAndPatchChangeOnlyTheGivenFieldsAndPersist() async throws {
    try await withServer { _, client in
      let before = try await client.get("/posts/3").decode(PostShape.self)
      let patched = try await client.send(
        "PATCH", "/posts/3", json: #"{"title": "Patched", "id": 99}"#)
      #expect(patched.status == 200)
      var expected = before
      expected.title = "Patched"
      #expect(try patched.decode(PostShape.self) == expected)

      let put = try await client.send(
        "PUT", "/posts/3", json: #"{"views": 12, "reactions": {"likes": 7}}"#)
      expected.views = 12
      expected.reactions.likes = 7
      #expect(try put.decode(PostShape.self) == expected)
      #expect(try await client.get("/posts/3").decode(PostShape.self) == expected)

      #expect(try await client.send("PUT", "/posts/999", json: #"{"title": "x"}"#).status == 404)
    }
  }

  @Test func deleteReturnsThePostMarkedDeletedAndRemovesIt() async throws {
    try await withServer { _, client in
      let before = try await client.get("/posts/10").decode(PostShape.self)
      let deleted = try await client.send("DELETE", "/posts/10")
      #expect(deleted.status == 200)
      #expect(try deleted.decode(PostShape.self) == before)
      let object = try deleted.object()
      #expect(object["isDeleted"] as? Bool == true)
      let deletedOn = try #require(object["deletedOn"] as? String)
      #expect(deletedOn.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/) != nil)

      #expect(try await client.get("/posts/10").status == 404)
      #expect(try await client.get("/posts").decode(PostListShape.self).total == 250)
      #expect(try await client.send("DELETE", "/posts/10").status == 404)
    }
  }

  @Test(arguments: [
    (
      "not json",
      "Invalid JSON in the request body: invalid literal, expected 'null' at line 1, column 2 (byte 1)"
    ),
    (
      "",
      "Invalid JSON in the request body: unexpected end of the text at line 1, column 1 (byte 0)"
    ),
    (
      "{\"title\": \"x\", \"userId\": 1,}",
      "Invalid JSON in the request body: expected a key in quotes at line 1, column 28 (byte 27)"
    ),
    ("[1, 2]", "The request body must be a JSON object, not an array"),
    (#"{"userId": 1}"#, "'title' is required"),
    (#"{"title": "  ", "userId": 1}"#, "'title' must be a non-empty string"),
    (#"{"title": 5, "userId": 1}"#, "'title' must be a non-empty string"),
    (#"{"title": "x"}"#, "User id is required"),
    (#"{"title": "x", "userId": 0}"#, "User id is required"),
    (#"{"title": "x", "userId": "abc"}"#, "Invalid user id 'abc'"),
    (#"{"title": "x", "userId": true}"#, "Invalid user id 'true'"),
    (#"{"title": "x", "userId": 1, "tags": [1]}"#, "'tags' must be an array of strings"),
    (#"{"title": "x", "userId": 1, "views": -1}"#, "'views' must be a non-negative integer"),
    (
      #"{"title": "x", "userId": 1, "reactions": {"likes": true}}"#,
      "'reactions.likes' must be a non-negative integer"
    ),
  ])
  func invalidBodiesAreRejectedWithAMessage(body: String, message: String) async throws {
    try await withServer { _, client in
      let response = try await client.send("POST", "/posts/add", json: body)
      #expect(response.status == 400)
      #expect(response.message == message)
      #expect(try await client.get("/posts").decode(PostListShape.self).total == 251)
    }
  }

  @Test func anUnknownUserIs404AndANumericStringNamesAUser() async throws {
    try await withServer { _, client in
      let unknown = try await client.send(
        "POST", "/posts/add", json: #"{"title": "x", "userId": 4242}"#)
      #expect(unknown.status == 404)
      #expect(unknown.message == "User with id '4242' not found")
      let asText = try await client.send(
        "POST", "/posts/add", json: #"{"title": "x", "userId": "7"}"#)
      #expect(asText.status == 201)
      #expect(try asText.decode(PostShape.self).userId == 7)
    }
  }

  @Test func invalidUpdatesChangeNothing() async throws {
    try await withServer { _, client in
      let before = try await client.get("/posts/4").decode(PostShape.self)
      let response = try await client.send(
        "PATCH", "/posts/4", json: #"{"title": "ok", "views": "many"}"#)
      #expect(response.status == 400)
      #expect(try await client.get("/posts/4").decode(PostShape.self) == before)
    }
  }
}
