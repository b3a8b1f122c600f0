import Foundation
import TetherCore
import TetherPersistence
import TetherSynchronization

/// The browser's cache on disk: the feed, the posts and authors read, and posts written
/// offline, in one SQLite file, restored at launch and kept up to date (at most one write a
/// second, and everything on quit).
///
/// A damaged, locked, read-only or full file never stops the browser: it starts empty or
/// read-only and says so once (``messages``).
public final class PostsCache: Sendable {
  /// Where the cache is kept unless `--cache` or `--no-cache` says otherwise:
  /// `$XDG_CACHE_HOME/tether/posts.sqlite`, or `~/.cache/tether/posts.sqlite`.
  public static func defaultFile(environment: [String: String]) -> URL? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return URL(fileURLWithPath: cache).appendingPathComponent("tether/posts.sqlite")
    }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(".cache/tether/posts.sqlite")
  }

  /// The version of what the browser caches: a release whose posts decode differently changes
  /// it, and the cache of older releases is discarded.
  public static let version = "posts-1"

  /// What is cached, and for how long: every query with data for a day, and the posts created
  /// while the network was away. The buster names the server too: the posts of one server are
  /// never shown as another's.
  public static func options(origin: String) -> PersistenceOptions {
    PersistenceOptions(
      buster: "\(version) \(origin)", filter: SnapshotFilter(includesPausedMutations: true))
  }

  /// How long cached data is kept.
  public static let maxAge = PersistenceOptions().maxAge

  /// Sentences about the cache, from the start on, shared with the persister's handlers.
  final class Messages: Sendable {
    private let list = SanitizerVisibleMutex<[String]>([])

    func append(_ message: String) { list.withLock { $0.append(message) } }
    var all: [String] { list.withLock { $0 } }
  }

  public let file: URL
  public let persistence: ClientPersistence
  private let said: Messages

  private init(file: URL, persistence: ClientPersistence, said: Messages) {
    self.file = file
    self.persistence = persistence
    self.said = said
  }

  /// Opens the cache at `file` and restores it into `client`, before the browser makes its
  /// stores: each takes its cached data when it is made. `origin` names the server: `embedded`
  /// for the embedded service (whose port changes every launch), the URL of another.
  public static func open(
    at file: URL, for client: OperationClient, origin: String
  ) async -> PostsCache {
    let said = Messages()
    let persister = SQLitePersister(at: file) { diagnostic in said.append(diagnostic.summary) }
    let persistence = await ClientPersistence.start(
      client, persister: persister, options: options(origin: origin)
    ) { notice in said.append(describe(notice, origin: origin)) }
    return PostsCache(file: file, persistence: persistence, said: said)
  }

  /// `notice` in the browser's words: the buster names this release and the server, so a
  /// cache of this release written for another server says so, rather than "another
  /// version".
  static func describe(_ notice: PersistenceNotice, origin: String) -> String {
    guard case .discarded(.otherBuster(let buster)) = notice else { return notice.description }
    let prefix = version + " "
    guard buster.hasPrefix(prefix) else {
      return
        "cache discarded: written by another release of posts (\(buster.isEmpty ? "none" : buster))"
    }
    let server = buster.dropFirst(prefix.count)
    return "cache discarded: it belongs to another server (\(server)), not \(origin)"
  }

  /// What went wrong with the cache, oldest first, in sentences to show.
  public var messages: [String] { said.all }

  /// Writes what changed and closes the file: call it on quit. Nothing changed before is lost.
  public func close() async {
    await persistence.close()
  }
}
