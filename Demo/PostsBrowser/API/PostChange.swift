/// One event of the service's `GET /posts/changes` stream: a post added, changed or deleted,
/// its comments changed, or the stream's own `ready` (up to date) and `reset` (reload
/// everything: the client missed more than the service remembers).
public struct PostChange: Codable, Sendable, Hashable {
  public var change: String
  /// The post changed.
  public var id: Int?
  /// The post's title after the change.
  public var title: String?

  public init(change: String, id: Int? = nil, title: String? = nil) {
    self.change = change
    self.id = id
    self.title = title
  }
}

/// What the change stream has told the browser so far: the posts changed by someone else
/// (marked in the feed until opened) and the latest change, which the model acts on.
public struct ChangesSeen: Sendable, Hashable {
  /// Posts changed elsewhere since launch.
  public var changedElsewhere: Set<Int> = []
  /// How many changes arrived, so that a subscriber sees each once.
  public var count = 0
  /// The latest change.
  public var latest: PostChange?

  public init() {}
}
