/// A post, shaped like dummyjson's: `{id, title, body, tags, reactions: {likes, dislikes}, views,
/// userId}`.
struct Post: Sendable, Equatable {
  struct Reactions: Sendable, Equatable {
    var likes: Int
    var dislikes: Int
  }

  /// A field of the JSON representation, named as in JSON; `select=` and `sortBy=` name these.
  enum Field: String, CaseIterable, Sendable {
    case id, title, body, tags, reactions, views, userId
  }

  var id: Int
  var title: String
  var body: String
  var tags: [String]
  var reactions: Reactions
  var views: Int
  var userId: Int

  /// Writes the post as a JSON object with `fields` (all when `nil`), always including `id`,
  /// followed by `extra` fields (used by `DELETE` for `isDeleted` and `deletedOn`).
  func write(
    to json: inout JSONWriter, fields: Set<Field>? = nil,
    extra: (inout JSONWriter) -> Void = { _ in }
  ) {
    json.object { json in
      for field in Field.allCases where field == .id || fields?.contains(field) ?? true {
        switch field {
        case .id: json.field("id", id)
        case .title: json.field("title", title)
        case .body: json.field("body", body)
        case .tags: json.field("tags", strings: tags)
        case .reactions:
          json.key("reactions")
          json.object { json in
            json.field("likes", reactions.likes)
            json.field("dislikes", reactions.dislikes)
          }
        case .views: json.field("views", views)
        case .userId: json.field("userId", userId)
        }
      }
      extra(&json)
    }
  }
}
