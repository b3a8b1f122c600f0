/// A comment on a post, in dummyjson's shape.
public struct Comment: Codable, Sendable, Hashable, Identifiable {
  /// Who wrote a comment.
  public struct Author: Codable, Sendable, Hashable {
    public var id: Int
    public var username: String
    public var fullName: String

    public init(id: Int, username: String, fullName: String) {
      self.id = id
      self.username = username
      self.fullName = fullName
    }
  }

  public var id: Int
  public var body: String
  public var postId: Int
  public var likes: Int
  public var user: Author

  public init(id: Int, body: String, postId: Int, likes: Int, user: Author) {
    self.id = id
    self.body = body
    self.postId = postId
    self.likes = likes
    self.user = user
  }
}

/// A page of a post's comments: `/comments/post/{id}?limit=…&skip=…`.
public struct CommentsPage: Codable, Sendable, Hashable {
  public var comments: [Comment]
  public var total: Int
  public var skip: Int
  public var limit: Int

  public init(comments: [Comment], total: Int, skip: Int, limit: Int) {
    self.comments = comments
    self.total = total
    self.skip = skip
    self.limit = limit
  }
}
