import Foundation
import TetherJSON

/// Writes answered as dummyjson answers them (`--writes dummyjson`): nothing is stored, and the
/// answer echoes the values sent exactly as sent (a `"5"` stays a string).
enum SimulatedPostWrite {
  /// `POST /posts/add`: `{id, title, body, userId, tags, reactions}` with the fields sent (the
  /// others left out) and `id` one past the data.
  static func add(_ fields: JSONObject, id: Int) -> JSONObject {
    var echo = JSONObject([("id", .number(JSONNumber(id)))])
    for name in ["title", "body", "userId", "tags", "reactions"] {
      if let value = fields[name] { echo[name] = value }
    }
    return echo
  }

  /// `PUT`/`PATCH /posts/{id}`: `{id, title, body, userId, tags, reactions}`, each the value sent
  /// unless it is missing or false in JavaScript's eyes (`""`, `0`, `null`), then the post's.
  static func update(_ post: Post, with fields: JSONObject) -> JSONObject {
    var echo = JSONObject([("id", .number(JSONNumber(post.id)))])
    for name in ["title", "body", "userId", "tags", "reactions"] {
      if let sent = fields[name], !sent.isFalsy {
        echo[name] = sent
      } else {
        echo[name] = post.value(of: name)
      }
    }
    return echo
  }
}

enum SimulatedCommentWrite {
  /// `POST /comments/add`: `{id, body, postId, user: {id, username, fullName}}`, `postId` as
  /// sent, `id` one past the data.
  static func add(body: String, postId: JSONValue, user: User, id: Int) -> JSONObject {
    JSONObject([
      ("id", .number(JSONNumber(id))), ("body", .string(body)), ("postId", postId),
      ("user", Comment.Author(user).json),
    ])
  }

  /// `PUT`/`PATCH /comments/{id}`: the comment with the `body`, `postId` (as sent) and user
  /// (from `userId`) that were sent.
  static func update(
    _ comment: Comment, body: String?, postId: JSONValue?, user: User?
  ) -> JSONObject {
    var echo = JSONObject(
      ["id", "body", "postId", "likes", "user"].compactMap { name in
        comment.value(of: name).map { (name, $0) }
      })
    if let body { echo["body"] = .string(body) }
    if let postId { echo["postId"] = postId }
    if let user { echo["user"] = Comment.Author(user).json }
    return echo
  }
}
