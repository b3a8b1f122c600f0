import TetherJSON

/// The fields a stored `POST /posts/add`, `PUT` or `PATCH /posts/{id}` sets, validated.
///
/// Absent fields stay unchanged; unknown fields are ignored, as on dummyjson; `id` cannot
/// change. Stored writes check more than dummyjson (which stores nothing): every field's type
/// (400), its size against `FieldLimits` (413), and a title is required to create a post.
struct PostChanges {
  var title: String?
  var body: String?
  var tags: [String]?
  var likes: Int?
  var dislikes: Int?
  var views: Int?
  var userId: Int?

  /// Reads a request body; `users` are the users a `userId` may name.
  init(_ fields: JSONObject, users: [Int: User]) throws(APIError) {
    if fields["userId"] != nil {
      userId = try RecordID("user", fields["userId"]).resolve { users[$0]?.id }
    }
    if let title = fields["title"] {
      guard case .string(let text) = title, !text.allSatisfy(\.isWhitespace) else {
        throw .badRequest("'title' must be a non-empty string")
      }
      self.title = try Self.capped(text, "title", FieldLimits.title)
    }
    if let body = fields["body"] {
      guard case .string(let text) = body else { throw .badRequest("'body' must be a string") }
      self.body = try Self.capped(text, "body", FieldLimits.body)
    }
    if let tags = fields["tags"] {
      guard case .array(let items) = tags else {
        throw .badRequest("'tags' must be an array of strings")
      }
      guard items.count <= FieldLimits.tagCount else {
        throw APIError(status: 413, message: "'tags' has more than \(FieldLimits.tagCount) tags")
      }
      self.tags = try items.map { (item) throws(APIError) -> String in
        guard case .string(let tag) = item else {
          throw .badRequest("'tags' must be an array of strings")
        }
        return try Self.capped(tag, "tags", FieldLimits.tag)
      }
    }
    if let reactions = fields["reactions"] {
      guard case .object(let counts) = reactions else {
        throw .badRequest("'reactions' must be an object with 'likes' and 'dislikes'")
      }
      likes = try Self.count(counts["likes"], named: "reactions.likes")
      dislikes = try Self.count(counts["dislikes"], named: "reactions.dislikes")
    }
    views = try Self.count(fields["views"], named: "views")
  }

  /// A new post with `id`; throws unless the changes name a user and a title.
  func newPost(id: Int) throws(APIError) -> Post {
    guard let userId else { throw .badRequest("User id is required") }
    guard let title else { throw .badRequest("'title' is required") }
    var post = Post(
      id: id, title: title, body: "", tags: [], reactions: .init(likes: 0, dislikes: 0), views: 0,
      userId: userId)
    apply(to: &post)
    return post
  }

  func apply(to post: inout Post) {
    if let title { post.title = title }
    if let body { post.body = body }
    if let tags { post.tags = tags }
    if let likes { post.reactions.likes = likes }
    if let dislikes { post.reactions.dislikes = dislikes }
    if let views { post.views = views }
    if let userId { post.userId = userId }
  }

  static func capped(_ text: String, _ field: String, _ limit: Int) throws(APIError) -> String {
    guard text.utf8.count <= limit else { throw .tooLarge(field, limit: limit) }
    return text
  }

  private static func count(_ value: JSONValue?, named name: String) throws(APIError) -> Int? {
    guard let value else { return nil }
    guard let count = value.integer, count >= 0 else {
      throw .badRequest("'\(name)' must be a non-negative integer")
    }
    return count
  }
}
