import Foundation
import PostsService
import Testing

@Suite("Comment routes")
struct CommentRoutesTests {
  @Test func listOneAndByPost() async throws {
    try await withServer { _, client in
      let page = try await client.get("/comments?limit=5&skip=2").decode(CommentListShape.self)
      #expect(page.comments.map(\.id) == Array(3...7))
      #expect(page.total > 250 && page.skip == 2 && page.limit == 5)

      let one = try await client.get("/comments/3")
      #expect(try one.object()["id"] as? Int == 3)
      #expect(
        try await client.get("/comments/3?select=body").object().keys.sorted() == ["body", "id"])

      let postID = page.comments[0].postId
      let ofPost = try await client.get("/comments/post/\(postID)").decode(CommentListShape.self)
      #expect(ofPost.comments.allSatisfy { $0.postId == postID })
      #expect(ofPost.comments.map(\.id).contains(3))
      let viaPost = try await client.get("/posts/\(postID)/comments").decode(CommentListShape.self)
      #expect(viaPost.comments.map(\.id) == ofPost.comments.map(\.id))
    }
  }

  @Test func unknownAndInvalidIDs() async throws {
    try await withServer { _, client in
      for id in ["99999", "abc"] {
        let missing = try await client.get("/comments/\(id)")
        #expect(missing.status == 404)
        #expect(missing.message == "Comment with id '\(id)' not found")
      }
      #expect(try await client.get("/comments/post/abc").message == "Invalid post id 'abc'")
      #expect(try await client.get("/comments/post/999").status == 404)
      #expect(try await client.get("/posts/abc/comments").status == 400)
    }
  }

  @Test func storedCommentWritesPersist() async throws {
    try await withServer { _, client in
      let total = try await client.get("/comments").decode(CommentListShape.self).total
      let added = try await client.send(
        "POST", "/comments/add", json: #"{"body": "Nice one", "postId": 3, "userId": 5}"#)
      #expect(added.status == 201)
      let comment = try added.object()
      let id = try #require(comment["id"] as? Int)
      #expect(id == total + 1)
      #expect(comment["likes"] as? Int == 0)
      #expect((comment["user"] as? [String: Any])?["id"] as? Int == 5)
      #expect(
        try await client.get("/comments/post/3").decode(CommentListShape.self).comments.last?.id
          == id)

      let updated = try await client.send("PATCH", "/comments/\(id)", json: #"{"body": "Edited"}"#)
      #expect(try updated.object()["body"] as? String == "Edited")
      #expect(try await client.get("/comments/\(id)").object()["body"] as? String == "Edited")

      let deleted = try await client.send("DELETE", "/comments/\(id)")
      #expect(try deleted.object()["isDeleted"] as? Bool == true)
      #expect(try await client.get("/comments/\(id)").status == 404)
    }
  }

  @Test(arguments: [
    (#"{"postId": 3, "userId": 5}"#, 400, "Invalid comment body"),
    (#"{"body": "", "postId": 3, "userId": 5}"#, 400, "Invalid comment body"),
    (#"{"body": "x", "userId": 5}"#, 400, "Post id is required"),
    (#"{"body": "x", "postId": "abc", "userId": 5}"#, 400, "Invalid post id 'abc'"),
    (#"{"body": "x", "postId": 999, "userId": 5}"#, 404, "Post with id '999' not found"),
    (#"{"body": "x", "postId": 3}"#, 400, "User id is required"),
    (#"{"body": "x", "postId": 3, "userId": 4242}"#, 404, "User with id '4242' not found"),
  ])
  func invalidNewCommentsAreRefused(body: String, status: Int, message: String) async throws {
    try await withServer { _, client in
      let response = try await client.send("POST", "/comments/add", json: body)
      #expect(response.status == status)
      #expect(response.message == message)
    }
  }
}
