/// The latest changes to posts, numbered: what the `GET /posts/changes` stream sends, and where
/// a client reconnecting with `Last-Event-ID` resumes.
///
/// Bounded: it keeps the last ``capacity`` changes. A client that asks for changes older than
/// those (or newer than any: the service restarted) is told to start over.
struct PostChangeLog: Sendable {
  /// One change to one post.
  struct Change: Sendable, Equatable {
    enum Kind: String, Sendable {
      case added, changed, deleted
      /// A comment on the post was added, changed or deleted.
      case comments
    }

    /// The change's number: the event's id.
    var sequence: Int
    var postID: Int
    var kind: Kind
    /// The post's title after the change (none after a delete or for comments).
    var title: String?
    /// The fields a change of a post changed (`title`, `body`, `tags`, `reactions`, `views`,
    /// `userId`); empty for other kinds.
    var fields: [String] = []
    /// The client that made the change (see ``WritingClient``), if it named itself.
    var client: String?
  }

  /// What a client reconnecting after `sequence` gets.
  enum Backlog: Equatable {
    /// The changes it missed, in order (none when it is up to date).
    case changes([Change])
    /// It missed more than the log keeps: it must reload everything.
    case reset
  }

  static let capacity = 512

  private var changes: [Change] = []
  /// The sequence of the latest change; 0 before any.
  private(set) var latest = 0

  mutating func record(
    _ kind: Change.Kind, postID: Int, title: String? = nil, fields: [String] = [],
    by client: String?
  ) {
    latest += 1
    if changes.count == Self.capacity { changes.removeFirst(Self.capacity / 4) }
    changes.append(
      Change(
        sequence: latest, postID: postID, kind: kind, title: title, fields: fields,
        client: client))
  }

  /// The changes after `sequence`.
  func backlog(after sequence: Int) -> Backlog {
    guard sequence <= latest else { return .reset }
    guard sequence < latest else { return .changes([]) }
    guard let first = changes.first, first.sequence <= sequence + 1 else { return .reset }
    return .changes(Array(changes[(sequence + 1 - first.sequence)...]))
  }
}
