import Foundation
import PostsService
import Testing

/// `--data DIR`: a copy of dummyjson's data files instead of the sample.
@Suite("Data files")
struct PostsDataTests {
  static let posts = """
    [{"id": 1, "title": "His mother had always taught him", "body": "His mother had always taught him not to think of himself as better than others.", "tags": ["history", "american", "crime"], "reactions": {"likes": 192, "dislikes": 25}, "views": 305, "userId": 2},
     {"id": 2, "title": "He was an expert", "body": "He was an expert but not in a discipline.", "tags": ["french", "fiction", "science-fiction"], "reactions": {"likes": 859, "dislikes": 32}, "views": 4884, "userId": 1}]
    """
  static let users = """
    {"users": [{"id": 1, "firstName": "Emily", "lastName": "Johnson", "maidenName": "Smith", "age": 28, "email": "emily.johnson@x.dummyjson.com", "username": "emilys", "hair": {"color": "Brown", "type": "Curly"}},
               {"id": 2, "firstName": "Michael", "lastName": "Williams", "email": "michael.williams@x.dummyjson.com", "username": "michaelw"}], "total": 2}
    """
  static let comments = """
    [{"id": 1, "body": "This is some awesome thinking!", "postId": 2, "likes": 3, "user": {"id": 1, "username": "emilys", "fullName": "Emily Johnson"}}]
    """

  private func directory(posts: String = posts, users: String = users, comments: String = comments)
    throws -> URL
  {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "posts-data-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(posts.utf8).write(to: directory.appendingPathComponent("posts.json"))
    try Data(users.utf8).write(to: directory.appendingPathComponent("users.json"))
    try Data(comments.utf8).write(to: directory.appendingPathComponent("comments.json"))
    return directory
  }

  @Test func servesTheFilesAsTheyAre() async throws {
    let folder = try directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = try PostsData(contentsOf: folder)
    #expect(data.counts == (posts: 2, users: 2, comments: 1))
    try await withServer(PostsServer.Configuration(data: data)) { _, client in
      let post = try await client.get("/posts/1")
      #expect(post.text.hasPrefix(#"{"id":1,"title":"His mother had always taught him","#))
      // Users keep every field, nested ones too, in the file's order.
      let user = try await client.get("/users/1")
      #expect(user.text.contains(#""hair":{"color":"Brown","type":"Curly"}"#))
      #expect(user.text.hasPrefix(#"{"id":1,"firstName":"Emily","lastName":"Johnson","#))
      let tags = try #require(
        try JSONSerialization.jsonObject(with: await client.get("/posts/tags").body)
          as? [[String: String]])
      #expect(tags.last?["name"] == "Science Fiction")
      #expect(try await client.get("/posts/2/comments").decode(CommentListShape.self).total == 1)
      let added = try await client.send("POST", "/posts/add", json: #"{"title": "x", "userId": 1}"#)
      #expect(try added.decode(PostShape.self).id == 3)
    }
  }

  @Test(arguments: [
    (
      "posts", #"[{"id": 1, "title": 5, "reactions": {}}]"#,
      "posts.json: post 1: 'title' must be a string"
    ),
    ("posts", "[1]", "posts.json: item 1 is a number, not an object"),
    ("users", "{}", "users.json must hold an array of users, or an object with one"),
    (
      "comments", "[",
      "comments.json is not valid JSON: unexpected end of the text at line 1, column 2 (byte 1)"
    ),
    ("users", #"[{"id": 1}, {"id": 1}]"#, "two users have the id 1"),
  ])
  func badFilesAreNamedInTheError(file: String, text: String, message: String) throws {
    let folder = try directory(
      posts: file == "posts" ? text : Self.posts, users: file == "users" ? text : Self.users,
      comments: file == "comments" ? text : Self.comments)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: PostsDataError.self) { try PostsData(contentsOf: folder) }
    do {
      _ = try PostsData(contentsOf: folder)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aMissingFileIsNamed() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-posts-data")
    #expect {
      try PostsData(contentsOf: folder)
    } throws: { error in
      "\(error)".contains("no-such-posts-data/users.json")
    }
  }
}
