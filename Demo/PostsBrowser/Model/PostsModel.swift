import Foundation
import PostsService
import Synchronization
import TetherCore
import TetherDevtools
import TetherDevtoolsHTTP
import TetherHTTP
import TetherPersistence
import TetherSynchronization

/// Everything the browser knows about posts lives in the stores of one `OperationClient`;
/// this model creates them, and runs the actions that change them (loading more, creating,
/// editing and deleting posts). What a write shows, and puts back when refused, is declared
/// with the operations (``PostsOperations``), so a write retried from the devtools or resumed
/// from the cache shows exactly as one sent from the editor.
///
/// The screen reads the stores' own states when it draws and never keeps a copy; it hears
/// about changes through store subscriptions (and ``onFeedChange(_:)``), which are called
/// after the new state is stored.
public final class PostsModel: Sendable {
  public let client: OperationClient
  public let operations: PostsOperations
  /// Requests in flight and the latest outcomes, for the status bar.
  public let activity: RequestActivity
  /// Every request in order, for the devtools' network log.
  public let network = NetworkLog()
  /// Faults injected on the client side, in front of any server: every fault with `--url`,
  /// and "fail the next requests of this store" always.
  public let clientFaults: ClientFaultInjector
  /// The fault keys: the embedded service's faults, or the client's injector with `--url`.
  public let faults: FaultControl
  public var persistsWrites: Bool { operations.persistsWrites }
  /// Whether the browser follows the change stream (``Configuration/followsChanges``).
  public let followsChanges: Bool
  /// The feed. The model subscribes to it for as long as it lives (so it loads, and reloads
  /// when invalidated), once: another subscriber arriving later would refetch it.
  public let feed: OperationStore<PaginatedState<Int, PostsPage, HTTPError>>
  /// The cache on disk the stores were restored from and are kept in; nil with `--no-cache`.
  public let cache: PostsCache?
  /// When the feed restored from the cache was fetched; nil when it was not restored.
  public let restoredFeedDate: Date?
  /// Whether a run of the feed has brought data from the server since launch: what ends
  /// "from cache" (a local change, an optimistic edit, does not).
  private let feedFetched = Atomic(false)
  private let feedSubscription = SanitizerVisibleMutex<OperationSubscription?>(nil)
  /// Whether the server answers, for `--url`: a stopped server pauses requests and queues
  /// writes as the network being away does (nil for the embedded service, and when the
  /// configuration gives its own connectivity).
  public let reachability: ServerReachability?

  /// A model without a cache.
  public convenience init(_ configuration: Configuration) {
    let (client, reachability) = Self.makeClient(for: configuration)
    self.init(configuration, client: client, reachability: reachability, cache: nil)
  }

  /// A model whose stores are restored from the cache file `cacheFile` (nil: no cache) and
  /// kept in it: the feed and the posts read last time show at once, stale, and revalidate.
  public static func open(_ configuration: Configuration, cacheFile: URL?) async -> PostsModel {
    let (client, reachability) = makeClient(for: configuration, caching: cacheFile != nil)
    var cache: PostsCache?
    if let cacheFile {
      // The server's URL without user or password, and its secret query items masked: the
      // origin is kept in the cache file, which must never hold a credential.
      let origin =
        configuration.server == nil ? Redaction.standard.url(configuration.baseURL) : "embedded"
      cache = await PostsCache.open(at: cacheFile, for: client, origin: origin)
    }
    return PostsModel(configuration, client: client, reachability: reachability, cache: cache)
  }

  init(
    _ configuration: Configuration, client: OperationClient, reachability: ServerReachability?,
    cache: PostsCache?
  ) {
    let activity = RequestActivity(clock: configuration.clock)
    let clientFaults = ClientFaultInjector(clock: configuration.clock)
    // The activity first: the screen redraws on the network log's changes, and reads the
    // activity then.
    var observers: [any HTTPObserver] = [
      activity, NetworkLogObserver(network, clock: configuration.clock),
    ]
    if let reachability { observers.append(reachability) }
    if let log = configuration.log { observers.append(LoggingObserver(sink: log)) }
    observers += configuration.observers
    var defaults = RequestDefaults(timeouts: configuration.timeouts)
    // A name for this launch, so that the change stream says which changes are its own.
    defaults.headers[PostsAPI.clientHeader] = UUID().uuidString
    let api = APIClient(
      baseURL: configuration.baseURL,
      defaults: defaults,
      clientError: .json(ServerMessage.self),
      transport: clientFaults.wrapping(configuration.transport),
      interceptors: configuration.credential.map { credential in
        [AuthenticationInterceptor { credential }]
      } ?? [],
      observers: observers, clock: configuration.clock)
    self.client = client
    followsChanges = configuration.followsChanges
    self.cache = cache
    self.reachability = reachability
    reachability?.probe { _ = try? await api.send(PostsAPI.posts(skip: 0, limit: 1)) }
    operations = PostsOperations(
      api: api, pageSize: configuration.pageSize,
      focus: client.context.focus as? ManualCondition ?? ManualCondition(true),
      persistsWrites: configuration.persistsWrites)
    self.activity = activity
    self.clientFaults = clientFaults
    faults = FaultControl(
      target: configuration.server.map(ServerFaults.init) ?? clientFaults)
    restoredFeedDate =
      client.pendingRestoredSnapshots.first {
        $0.kind == .paginatedQuery && $0.path == PersistedPath(["posts", "feed"])
      }?.updatedAt
    feed = client.store(for: operations.feed)
    feedSubscription.withLock { subscription in
      subscription = feed.subscribe { [weak self] _ in self?.noteServerData() }
    }
    // Writes made while the server was away are restored from the cache: making their stores
    // now sends them at launch (once each), rather than at the next write.
    if cache != nil {
      _ = (addPost, editPost, deletePost)
    }
  }

  /// Marks the feed fetched once one of its runs brought what the server answered.
  private func noteServerData() {
    guard restoredFeedDate != nil, !feedFetched.load(ordering: .acquiring) else { return }
    let fetched = feed.runLog.contains { entry in
      switch entry.event {
      case .succeeded, .yielded: true
      default: false
      }
    }
    if fetched { feedFetched.store(true, ordering: .releasing) }
  }

  /// When the feed on screen was fetched, if it is the one restored from the cache and no run
  /// has brought fresh pages yet (local changes keep it): what the status bar calls "from
  /// cache · 2 h old".
  public var feedCachedAt: Date? {
    guard let restoredFeedDate, feed.state.hasValue, !feedFetched.load(ordering: .acquiring)
    else { return nil }
    return restoredFeedDate
  }

  /// Writes what changed to the cache and closes it: call it on quit.
  public func closeCache() async {
    await cache?.close()
  }

  // MARK: Stores

  /// The store of post `id`.
  ///
  /// Until it has a value of its own, it shows the feed's copy of the post as a placeholder.
  public func post(_ id: Int) -> OperationStore<QueryState<Post, HTTPError>> {
    client.store(for: operations.post(id), placeholder: feedPost(id))
  }

  /// The store of user `id`.
  public func user(_ id: Int) -> OperationStore<QueryState<User, HTTPError>> {
    client.store(for: operations.user(id))
  }

  /// The store of post `id`'s comments.
  public func comments(ofPost id: Int)
    -> OperationStore<PaginatedState<Int, CommentsPage, HTTPError>>
  {
    client.store(for: operations.comments(ofPost: id))
  }

  /// Loads the next page of post `id`'s comments, or the failed one again.
  public func loadMoreComments(ofPost id: Int) async throws {
    let comments = comments(ofPost: id)
    if comments.state.pages.isEmpty {
      try await comments.fetch()
    } else {
      try await comments.fetchNextPage()
    }
  }

  // MARK: Actions

  /// Refetches post `id` and its author together: what `r` on a post does, so that an author
  /// that failed to load is tried again with the post.
  ///
  /// The post is asked for afresh, as `r` asks for the comments: a load still in flight
  /// (sent before the server stalled, say) is replaced, so what the screen shows next comes
  /// from a request sent after the key.
  public func refresh(post id: Int, author userID: Int?) async {
    let post = post(id)
    let author = userID.map(user)
    // Both at once: should the post's run end first and start the author's (`followAuthor`),
    // this fetch joins that run rather than sending a second request.
    async let authorFetched: Void = { _ = try? await author?.fetch() }()
    _ = try? await post.refetch()
    await authorFetched
  }

  /// Keeps the author of post `id` in step with the post while the subscription lives:
  /// whenever a run of the post ends and the author's last load failed, the author is
  /// invalidated, which refetches it while it is on screen — so focus regained, a stale post
  /// shown again or any refetch retries it too.
  public func followAuthor(of id: Int, userID: Int) -> OperationSubscription {
    let post = post(id)
    let author = user(userID)
    let wasLoading = SanitizerVisibleMutex(post.state.isFetching)
    return post.subscribe { state in
      let ended = wasLoading.withLock { wasLoading in
        defer { wasLoading = state.isFetching }
        return wasLoading && !state.isFetching
      }
      let authorState = author.state
      guard ended, authorState.status == .failure, !authorState.isFetching else { return }
      author.invalidate()
    }
  }
}
