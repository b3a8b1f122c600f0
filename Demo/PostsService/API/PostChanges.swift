/// The fields a `POST /posts/add`, `PUT` or `PATCH /posts/{id}` body sets, validated.
///
/// Absent fields stay unchanged; unknown fields are ignored, as on dummyjson. `id` cannot change.
struct PostChanges {
  var title: String?
  var body: String?
  var tags: [String]?
  var likes: Int?
  var dislikes: Int?
  var views: Int?
  var userId: Int?

  /// Reads a request body; `users` are the users a `userId` may name.
  init(json bytes: [UInt8], users: [Int: User]) throws(APIError) {
    let document: JSONValue
    do {
      document = try JSONValue.parse(bytes)
    } catch {
      throw .badRequest("Invalid JSON in the request body")
    }
    guard case .object(let fields) = document else {
      throw .badRequest("The request body must be a JSON object, not \(document.typeDescription)")
    }
    if let title = fields["title"] {
      guard case .string(let text) = title, !text.allSatisfy(\.isWhitespace) else {
        throw .badRequest("'title' must be a non-empty string")
      }
      self.title = text
    }
    if let body = fields["body"] {
      guard case .string(let text) = body else { throw .badRequest("'body' must be a string") }
      self.body = text
    }
    if let tags = fields["tags"] {
      guard case .array(let items) = tags else {
        throw .badRequest("'tags' must be an array of strings")
      }
      self.tags = try items.map { (item) throws(APIError) -> String in
        guard case .string(let tag) = item else {
          throw .badRequest("'tags' must be an array of strings")
        }
        return tag
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
    if let user = fields["userId"] {
      guard let id = user.integer else { throw .badRequest("'userId' must be an integer") }
      guard users[id] != nil else { throw .badRequest("User with id '\(id)' not found") }
      userId = id
    }
  }

  /// A new post with `id`; throws unless the changes name a title and a user.
  func newPost(id: Int) throws(APIError) -> Post {
    guard let title else { throw .badRequest("'title' is required") }
    guard let userId else { throw .badRequest("'userId' is required") }
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

  private static func count(_ value: JSONValue?, named name: String) throws(APIError) -> Int? {
    guard let value else { return nil }
    guard let count = value.integer, count >= 0 else {
      throw .badRequest("'\(name)' must be a non-negative integer")
    }
    return count
  }
}
