import TetherJSON

/// A comment on a post: `{id, body, postId, likes, user: {id, username, fullName}}`.
struct Comment: Record, Equatable {
  /// The author as a comment shows them.
  struct Author: Sendable, Equatable {
    var id: Int
    var username: String
    var fullName: String

    var json: JSONValue {
      .object(
        JSONObject([
          ("id", .number(JSONNumber(id))), ("username", .string(username)),
          ("fullName", .string(fullName)),
        ]))
    }
  }

  var id: Int
  var body: String
  var postId: Int
  var likes: Int
  var user: Author

  func value(of name: String) -> JSONValue? {
    switch name {
    case "id": .number(JSONNumber(id))
    case "body": .string(body)
    case "postId": .number(JSONNumber(postId))
    case "likes": .number(JSONNumber(likes))
    case "user": user.json
    default: nil
    }
  }

  func writeFields(to json: inout JSONWriter) {
    json.field("id", id)
    json.field("body", body)
    json.field("postId", postId)
    json.field("likes", likes)
    json.field("user", user.json)
  }
}

extension Comment.Author {
  /// `user` as a comment shows them.
  init(_ user: User) {
    self.init(id: user.id, username: user.username, fullName: user.fullName)
  }
}
