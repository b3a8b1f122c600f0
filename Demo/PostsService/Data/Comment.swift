/// A comment on a post: `{id, body, postId, likes, user: {id, username, fullName}}`.
struct Comment: Sendable, Equatable {
  var id: Int
  var body: String
  var postId: Int
  var likes: Int
  var userId: Int
  var username: String
  var userFullName: String

  func write(to json: inout JSONWriter) {
    json.object { json in
      json.field("id", id)
      json.field("body", body)
      json.field("postId", postId)
      json.field("likes", likes)
      json.key("user")
      json.object { json in
        json.field("id", userId)
        json.field("username", username)
        json.field("fullName", userFullName)
      }
    }
  }
}
