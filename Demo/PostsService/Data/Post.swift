import TetherJSON

/// A post, shaped like dummyjson's: `{id, title, body, tags, reactions: {likes, dislikes}, views,
/// userId}`.
struct Post: Record, Equatable {
  struct Reactions: Sendable, Equatable {
    var likes: Int
    var dislikes: Int
  }

  var id: Int
  var title: String
  var body: String
  var tags: [String]
  var reactions: Reactions
  var views: Int
  var userId: Int

  func value(of name: String) -> JSONValue? {
    switch name {
    case "id": .number(JSONNumber(id))
    case "title": .string(title)
    case "body": .string(body)
    case "tags": .array(tags.map(JSONValue.string))
    case "reactions":
      .object(
        JSONObject([
          ("likes", .number(JSONNumber(reactions.likes))),
          ("dislikes", .number(JSONNumber(reactions.dislikes))),
        ]))
    case "views": .number(JSONNumber(views))
    case "userId": .number(JSONNumber(userId))
    default: nil
    }
  }

  func writeFields(to json: inout JSONWriter) {
    json.field("id", id)
    json.field("title", title)
    json.field("body", body)
    json.key("tags")
    json.array { json in for tag in tags { json.value(tag) } }
    json.key("reactions")
    json.object { json in
      json.field("likes", reactions.likes)
      json.field("dislikes", reactions.dislikes)
    }
    json.field("views", views)
    json.field("userId", userId)
  }
}

extension Post {
  /// The names of the fields that differ from `earlier`, in the order a post is written.
  func fieldsChanged(since earlier: Post) -> [String] {
    var fields: [String] = []
    if title != earlier.title { fields.append("title") }
    if body != earlier.body { fields.append("body") }
    if tags != earlier.tags { fields.append("tags") }
    if reactions != earlier.reactions { fields.append("reactions") }
    if views != earlier.views { fields.append("views") }
    if userId != earlier.userId { fields.append("userId") }
    return fields
  }
}
