/// A post as the dummyjson `/posts` API returns it.
public struct Post: Codable, Sendable, Hashable, Identifiable {
  /// Likes and dislikes.
  public struct Reactions: Codable, Sendable, Hashable {
    public var likes: Int
    public var dislikes: Int

    public init(likes: Int, dislikes: Int) {
      self.likes = likes
      self.dislikes = dislikes
    }
  }

  public var id: Int
  public var title: String
  public var body: String
  public var tags: [String]
  public var reactions: Reactions
  public var views: Int
  public var userId: Int

  public init(
    id: Int, title: String, body: String, tags: [String] = [],
    reactions: Reactions = Reactions(likes: 0, dislikes: 0), views: Int = 0, userId: Int
  ) {
    self.id = id
    self.title = title
    self.body = body
    self.tags = tags
    self.reactions = reactions
    self.views = views
    self.userId = userId
  }

  private enum CodingKeys: String, CodingKey {
    case id, title, body, tags, reactions, views, userId
  }

  // Writes on the public service answer with partial posts (a new post has no views or
  // reactions), so everything but the id and title is optional on the wire.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(Int.self, forKey: .id)
    title = try container.decode(String.self, forKey: .title)
    body = try container.decodeIfPresent(String.self, forKey: .body) ?? ""
    tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
    reactions =
      try container.decodeIfPresent(Reactions.self, forKey: .reactions)
      ?? Reactions(likes: 0, dislikes: 0)
    views = try container.decodeIfPresent(Int.self, forKey: .views) ?? 0
    userId = try container.decodeIfPresent(Int.self, forKey: .userId) ?? 0
  }
}

/// One page of `GET /posts`: the posts and where they sit in the whole feed.
public struct PostsPage: Codable, Sendable, Hashable {
  public var posts: [Post]
  public var total: Int
  public var skip: Int
  /// How many posts this page holds (dummyjson reports the number returned).
  public var limit: Int

  public init(posts: [Post], total: Int, skip: Int, limit: Int) {
    self.posts = posts
    self.total = total
    self.skip = skip
    self.limit = limit
  }
}

/// The author of a post: the fields of dummyjson's `/users/{id}` the browser shows.
public struct User: Codable, Sendable, Hashable, Identifiable {
  public var id: Int
  public var firstName: String
  public var lastName: String
  public var username: String

  public init(id: Int, firstName: String, lastName: String, username: String) {
    self.id = id
    self.firstName = firstName
    self.lastName = lastName
    self.username = username
  }

  /// "Emily Johnson".
  public var fullName: String { "\(firstName) \(lastName)" }
}

/// What a new or edited post sends: a title and a body, and for a new post its author.
public struct PostDraft: Codable, Sendable, Hashable {
  public var title: String
  public var body: String
  public var userId: Int?
}

/// The body of every dummyjson error: `{"message": "..."}`.
public struct ServerMessage: Codable, Sendable, Hashable, CustomStringConvertible {
  public var message: String

  public init(message: String) {
    self.message = message
  }

  public var description: String { message }
}
