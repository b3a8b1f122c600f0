import Foundation
import PostsService
import Testing

@Suite("Read routes over HTTP")
struct ReadRoutesTests {
  @Test func postsListsTheFirstThirtyOf251() async throws {
    try await withServer { _, client in
      let response = try await client.get("/posts")
      #expect(response.status == 200)
      #expect(response.header("Content-Type") == "application/json; charset=utf-8")
      let list = try response.decode(PostListShape.self)
      #expect(list.total == 251)
      #expect(list.skip == 0)
      #expect(list.limit == 30)
      #expect(list.posts.map(\.id) == Array(1...30))
      let first = try #require((try response.object()["posts"] as? [[String: Any]])?.first)
      #expect(Set(first.keys) == postKeys)
      #expect(
        Set((first["reactions"] as? [String: Any])?.keys ?? [:].keys) == ["likes", "dislikes"])
    }
  }

  @Test func postByIDAndItsNotFoundMessage() async throws {
    try await withServer { _, client in
      let post = try await client.get("/posts/7")
      #expect(post.status == 200)
      #expect(try post.decode(PostShape.self).id == 7)

      for id in ["999", "0", "7.5", "07", "-1"] {
        let missing = try await client.get("/posts/\(id)")
        #expect(missing.status == 404)
        #expect(missing.message == "Post with id '\(id)' not found")
      }
      for id in ["abc", "1a", "0x"] {
        let invalid = try await client.get("/posts/\(id)")
        #expect(invalid.status == 400)
        #expect(invalid.message == "Invalid post id '\(id)'")
      }
    }
  }

  @Test func searchMatchesTheBodyOnlyCaseInsensitively() async throws {
    try await withServer { _, client in
      let all = try await client.get("/posts?limit=0").decode(PostListShape.self).posts
      let expected = all.filter { $0.body.lowercased().contains("lighthouse") }
      #expect(expected.count > 5)
      #expect(
        all.contains { $0.title.lowercased().contains("lighthouse") && !expected.contains($0) })

      let found = try await client.get("/posts/search?q=LIGHTHOUSE&limit=0").decode(
        PostListShape.self)
      #expect(found.posts.map(\.id) == expected.map(\.id))
      #expect(found.total == expected.count)

      let accented = try await client.get("/posts/search?q=CR%C3%88ME").decode(PostListShape.self)
      #expect(accented.total > 0)
      #expect(accented.posts.allSatisfy { $0.body.lowercased().contains("crème") })

      let nothing = try await client.get("/posts/search?q=zzzz-no-such-text").decode(
        PostListShape.self)
      #expect(nothing.posts.isEmpty && nothing.total == 0 && nothing.limit == 0)
    }
  }

  @Test func searchTrimsTheQueryAndReadsDashesAsSpaces() async throws {
    try await withServer { _, client in
      let all = try await client.get("/posts?limit=0").decode(PostListShape.self).posts
      let expected = all.filter { $0.body.lowercased().contains("old town") }.map(\.id)
      #expect(!expected.isEmpty)
      for query in ["old-town", "%20%20Old%20Town%09", "+old-TOWN+"] {
        let found = try await client.get("/posts/search?q=\(query)&limit=0").decode(
          PostListShape.self)
        #expect(found.posts.map(\.id) == expected)
      }
    }
  }

  @Test func searchFindsTextWithRepeatsAndNonASCII() async throws {
    try await withServer { _, client in
      let body = String(repeating: "a", count: 300) + "ab Ünïcode"
      let created = try await client.send(
        "POST", "/posts/add", json: #"{"title": "t", "userId": 1, "body": "\#(body)"}"#)
      let id = try created.decode(PostShape.self).id
      for (query, found) in [
        (String(repeating: "a", count: 200) + "b", true), ("aab%20%C3%BCn%C3%AF", true),
        (String(repeating: "a", count: 301) + "b", true),
        (String(repeating: "a", count: 302) + "b", false),
      ] {
        let page = try await client.get("/posts/search?q=\(query)&limit=0").decode(
          PostListShape.self)
        #expect(page.posts.map(\.id).contains(id) == found)
      }
    }
  }

  @Test func postsByTagAndByUser() async throws {
    try await withServer { _, client in
      let tagged = try await client.get("/posts/tag/history?limit=0").decode(PostListShape.self)
      #expect(tagged.total > 0)
      #expect(tagged.posts.allSatisfy { $0.tags.contains("history") })

      let byUser = try await client.get("/posts/user/5").decode(PostListShape.self)
      #expect(byUser.total > 0)
      #expect(byUser.posts.allSatisfy { $0.userId == 5 })

      let unknownUser = try await client.get("/posts/user/4242")
      #expect(unknownUser.status == 404)
      #expect(unknownUser.message == "User with id '4242' not found")
      let invalidUser = try await client.get("/posts/user/abc")
      #expect(invalidUser.status == 400)
      #expect(invalidUser.message == "Invalid user id 'abc'")

      let viaUsers = try await client.get("/users/5/posts").decode(PostListShape.self)
      #expect(viaUsers.posts.map(\.id) == byUser.posts.map(\.id))
    }
  }

  @Test func tagsAndTagList() async throws {
    try await withServer { _, client in
      let list = try JSONDecoder().decode(
        [String].self, from: try await client.get("/posts/tag-list").body)
      #expect(list.contains("history"))
      // In the order each tag first appears, as on dummyjson.
      let posts = try await client.get("/posts?limit=0").decode(PostListShape.self).posts
      var seen: Set<String> = []
      #expect(list == posts.flatMap(\.tags).filter { seen.insert($0).inserted })
      #expect(list != list.sorted())

      let tags = try #require(
        try JSONSerialization.jsonObject(with: await client.get("/posts/tags").body)
          as? [[String: String]])
      #expect(tags.map { $0["slug"] } == list)
      #expect(tags.map { $0["name"] } == list.map { $0.prefix(1).uppercased() + $0.dropFirst() })
      #expect(tags.first?["url"]?.hasSuffix("/posts/tag/\(list[0])") == true)
    }
  }

  @Test func commentsOfAPost() async throws {
    try await withServer { _, client in
      var sawComments = false
      for id in 1...5 {
        let response = try await client.get("/posts/\(id)/comments")
        #expect(response.status == 200)
        let comments = try response.decode(CommentListShape.self)
        #expect(comments.comments.allSatisfy { $0.postId == id })
        #expect(comments.total == comments.comments.count)
        sawComments = sawComments || !comments.comments.isEmpty
      }
      #expect(sawComments)
      #expect(try await client.get("/posts/999/comments").status == 404)
    }
  }

  @Test func userByIDAndEveryPostsAuthorExists() async throws {
    try await withServer { _, client in
      let user = try await client.get("/users/1").decode(UserShape.self)
      #expect(user.id == 1)
      #expect(user.email.contains("@"))
      #expect(!user.username.isEmpty)

      let missing = try await client.get("/users/1000")
      #expect(missing.status == 404)
      #expect(missing.message == "User with id '1000' not found")

      let posts = try await client.get("/posts?limit=0").decode(PostListShape.self).posts
      for userID in Set(posts.map(\.userId)).sorted().prefix(10) {
        #expect(try await client.get("/users/\(userID)").status == 200)
      }
    }
  }

  @Test func unknownRoutesAndMethods() async throws {
    try await withServer { _, client in
      let unknown = try await client.get("/nothing/here")
      #expect(unknown.status == 404)
      #expect(unknown.message != nil)

      let wrongMethod = try await client.send("DELETE", "/posts")
      #expect(wrongMethod.status == 405)
      #expect(wrongMethod.header("Allow") == "GET, HEAD")
    }
  }

  @Test func everyResponseCarriesARequestID() async throws {
    try await withServer { _, client in
      let first = try await client.get("/posts/1").header("X-Request-Id")
      let second = try await client.get("/posts/999").header("X-Request-Id")
      #expect(first != nil && second != nil && first != second)
      let echoed = try await client.get("/posts/1", headers: ["X-Request-Id": "trace-42"])
      #expect(echoed.header("X-Request-Id") == "trace-42")
    }
  }
}
