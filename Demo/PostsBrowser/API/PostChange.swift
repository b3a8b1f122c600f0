/// One event of the service's `GET /posts/changes` stream: a post added, changed or deleted,
/// its comments changed, or the stream's own `ready` (up to date) and `reset` (reload
/// everything: the client missed more than the service remembers).
public struct PostChange: Codable, Sendable, Hashable {
  public var change: String
  /// The post changed.
  public var id: Int?
  /// The post's title after the change.
  public var title: String?
  /// What a `changed` post changed: `title`, `body`, `tags`, `reactions`, `views`, `userId`.
  /// Nil from a service that does not say (the browser then compares titles).
  public var fields: [String]?
  /// Whether this browser made the change: the service compares the `X-Posts-Client` of the
  /// write with the stream's (see ``PostsAPI/clientHeader``), and says only `true`.
  public var yours: Bool?

  /// Whether the change marks its post as changed elsewhere: someone else changed its title
  /// or body, or deleted it while this browser lists it (`knownTitle`, the title the browser
  /// shows, nil when it does not list the post). A service that does not say whose the change
  /// is or what it changed is judged by the title alone: one that differs from the title shown
  /// is someone else's.
  ///
  /// - Parameter knownTitle: The post's title as the browser shows it, nil when not listed.
  public func marksChangedElsewhere(knownTitle: String?) -> Bool {
    switch change {
    case "changed":
      guard let fields else { return title != knownTitle }
      return yours != true && (fields.contains("title") || fields.contains("body"))
    case "deleted":
      return yours != true && knownTitle != nil
    default:
      return false
    }
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
