import Foundation
import PostsService
import TetherCore
import TetherDevtools
import TetherDevtoolsHTTP
import TetherHTTP
import TetherPersistence
import TetherSynchronization

/// Everything the browser knows about posts lives in the stores of one `OperationClient`;
/// this model creates them, and runs the actions that change them (loading more, creating,
/// editing and deleting posts, optimistically where the issue asks for it).
///
/// The screen reads the stores' own states when it draws and never keeps a copy; it hears
/// about changes through store subscriptions (and ``onFeedChange(_:)``), which are called
/// after the new state is stored.
public final class PostsModel: Sendable {
  /// How to reach the Posts API and what to do with it.
  public struct Configuration: Sendable {
    public var baseURL: URL
    public var transport: any HTTPTransport
    /// Connect, idle and total timeouts of every request: a person is waiting, so seconds,
    /// not a background client's minute (TetherHTTP's interactive timeouts by default).
    public var timeouts: HTTPTimeouts
    public var clock: any TetherClock
    public var pageSize: Int
    /// Retries of a failed query run.
    public var retries: Int
    /// The embedded service, whose faults the browser may change; nil for a remote server.
    public var server: PostsServer?
    /// Whether the server keeps writes (the embedded service does; dummyjson only pretends),
    /// so that refetching after a write shows it.
    public var persistsWrites: Bool
    /// Receives one line per request sent and per response, credentials redacted.
    public var log: (@Sendable (String) -> Void)?
    /// Whether the network is reachable; nil for the default: always for the embedded service
    /// (it is on the loopback interface), the kernel's view for a remote server.
    public var connectivity: (any RunCondition)?
    /// Sent with every request (`Authorization`); nil sends the embedded service's token when
    /// it has one, and nothing to another server.
    public var credential: AuthenticationInterceptor.Credential?
    /// More observers of every request: an inspector's network log (`--no-inspect` leaves it
    /// out).
    public var observers: [any HTTPObserver] = []

    public init(
      baseURL: URL, transport: any HTTPTransport = CurlTransport.shared,
      timeouts: HTTPTimeouts = .interactive, clock: any TetherClock = SystemClock(),
      pageSize: Int = 10, retries: Int = 3, server: PostsServer? = nil, persistsWrites: Bool,
      log: (@Sendable (String) -> Void)? = nil, connectivity: (any RunCondition)? = nil,
      credential: AuthenticationInterceptor.Credential? = nil
    ) {
      self.baseURL = baseURL
      self.transport = transport
      self.timeouts = timeouts
      self.clock = clock
      self.pageSize = pageSize
      self.retries = retries
      self.server = server
      self.persistsWrites = persistsWrites
      self.log = log
      self.connectivity = connectivity
      self.credential = credential ?? server?.access.token.map { .bearer($0) }
    }
  }

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
  public let persistsWrites: Bool
  /// The feed. The model subscribes to it for as long as it lives (so it loads, and reloads
  /// when invalidated), once: another subscriber arriving later would refetch it.
  public let feed: OperationStore<PaginatedState<Int, PostsPage, HTTPError>>
  /// The cache on disk the stores were restored from and are kept in; nil with `--no-cache`.
  public let cache: PostsCache?
  /// When the feed restored from the cache was fetched; nil when it was not restored.
  public let restoredFeedDate: Date?
  /// Whether a run of the feed has brought data from the server since launch: what ends
  /// "from cache" (a local change, an optimistic edit, does not).
  private let feedFetched = Latch()
  /// Changes by hand waiting for the feed's run in flight to end.
  let deferredFeedChanges = DeferredFeedChanges()
  private let feedChanges = ChangeListeners()
  private let feedSubscription: OperationSubscription
  private let resumedWrites: [OperationSubscription]
  /// Shows every new post the server saved that `create(_:)` did not send itself: a retry of
  /// the latest attempt from the devtools (`R`) applies its result as the original would.
  /// Made by the first `create(_:)`: before it, there is no attempt to retry.
  private let createdPosts = SanitizerVisibleMutex<OperationSubscription?>(nil)
  /// The drafts `create(_:)` is sending, and the runs whose post is shown.
  private let ownCreations = OwnWrites<PostDraft>()

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

  /// The client of every store: the configuration's clock, connectivity and retries. With a
  /// cache, unobserved stores are kept as long as the cache keeps them (a day, as TanStack
  /// Query advises: collecting a store deletes it from the cache too).
  static func makeClient(for configuration: Configuration, caching: Bool = false)
    -> (OperationClient, ServerReachability?)
  {
    var defaults = OperationDefaults()
    defaults.queryRetryLimit = configuration.retries
    if caching { defaults.garbageCollectionDelay = PostsCache.maxAge }
    var reachability: ServerReachability?
    let connectivity: any RunCondition
    if let given = configuration.connectivity {
      connectivity = given
    } else if configuration.server != nil {
      connectivity = ManualCondition(true)  // the embedded service, on the loopback interface
    } else {
      let server = ServerReachability(clock: configuration.clock)
      reachability = server
      connectivity = NetworkConnectivity.shared && server
    }
    // The terminal's focus: set from its focus events; retries wait while it is lost.
    let client = OperationClient(
      clock: configuration.clock, connectivity: connectivity, focus: ManualCondition(true),
      defaults: defaults)
    return (client, reachability)
  }

  init(
    _ configuration: Configuration, client: OperationClient, reachability: ServerReachability?,
    cache: PostsCache?
  ) {
    let activity = RequestActivity(clock: configuration.clock)
    let clientFaults = ClientFaultInjector(clock: configuration.clock)
    var observers: [any HTTPObserver] = [
      activity, NetworkLogObserver(network, clock: configuration.clock),
    ]
    if let reachability { observers.append(reachability) }
    if let log = configuration.log { observers.append(LoggingObserver(sink: log)) }
    observers += configuration.observers
    let api = APIClient(
      baseURL: configuration.baseURL,
      defaults: RequestDefaults(timeouts: configuration.timeouts),
      clientError: .json(ServerMessage.self),
      transport: clientFaults.wrapping(configuration.transport),
      interceptors: configuration.credential.map { credential in
        [AuthenticationInterceptor { credential }]
      } ?? [],
      observers: observers, clock: configuration.clock)
    self.client = client
    self.cache = cache
    self.reachability = reachability
    reachability?.probe { _ = try? await api.send(PostsAPI.posts(skip: 0, limit: 1)) }
    operations = PostsOperations(
      api: api, pageSize: configuration.pageSize,
      focus: client.context.focus as? ManualCondition ?? ManualCondition(true))
    self.activity = activity
    self.clientFaults = clientFaults
    faults = FaultControl(
      target: configuration.server.map(ServerFaults.init) ?? clientFaults)
    persistsWrites = configuration.persistsWrites
    let feedPath = PersistedPath(["posts", "feed"])
    restoredFeedDate =
      client.pendingRestoredSnapshots.first {
        $0.kind == .paginatedQuery && $0.path == feedPath
      }?.updatedAt
    let feed = client.store(for: operations.feed)
    self.feed = feed
    let feedChanges = feedChanges
    let feedFetched = feedFetched
    let watchesFetches = restoredFeedDate != nil
    let deferred = deferredFeedChanges
    feedSubscription = feed.subscribe { state in
      // The store's state now, not the one delivered: states queued before the run began
      // may still be on their way.
      if !state.hasRunInFlight, !feed.state.hasRunInFlight { deferred.applyWaiting(to: feed) }
      if watchesFetches, !feedFetched.isSet,
        feed.runLog.contains(where: { Self.bringsServerData($0.event) })
      {
        feedFetched.set()
      }
      feedChanges.notify()
    }
    if cache != nil {
      // Writes made while the server was away are restored from the cache: making their
      // stores now sends them at launch (once each), rather than at the next write.
      _ = client.store(for: operations.deletePost)
      let persists = configuration.persistsWrites
      let operations = operations
      resumedWrites = [
        Self.onResumedWrite(client.store(for: operations.addPost)) { post in
          Self.show(post, in: feed, client: client, persists: persists, deferring: deferred)
        },
        Self.onResumedWrite(client.store(for: operations.editPost)) { saved in
          Self.showEdit(
            saved, in: feed, post: client.store(for: operations.post(saved.id)),
            deferring: deferred)
        },
      ]
    } else {
      resumedWrites = []
    }
  }

  /// Calls `saved` with what the server answered to each write restored from the cache into
  /// `store` (sent again as soon as the store is made: now), as the write's own call would
  /// have shown it.
  private static func onResumedWrite<Arguments: Sendable>(
    _ store: OperationStore<MutationState<Arguments, Post, HTTPError>>,
    saved: @escaping @Sendable (Post) -> Void
  ) -> OperationSubscription {
    let resumed = Set(store.state.history.map(\.id))
    let shown = SanitizerVisibleMutex(Set<OperationRunID>())
    return store.subscribe { state in
      let done = state.history.filter { resumed.contains($0.id) && $0.status == .succeeded }
      let new = shown.withLock { shown in
        let new = done.filter { !shown.contains($0.id) }
        shown.formUnion(new.map(\.id))
        return new
      }
      for attempt in new {
        if let post = attempt.value { saved(post) }
      }
    }
  }

  /// Shows an edit the server saved: its title and body in the post and in the feed.
  private static func showEdit(
    _ saved: Post, in feed: OperationStore<PaginatedState<Int, PostsPage, HTTPError>>,
    post: OperationStore<QueryState<Post, HTTPError>>, deferring deferred: DeferredFeedChanges
  ) {
    let apply = { @Sendable (post: inout Post) in
      post.title = saved.title
      post.body = saved.body
    }
    post.withCurrentValue { value in if value != nil { apply(&value!) } }
    deferred.apply(to: feed) { feed in replace(saved.id, in: feed, apply) }
  }

  /// When the feed on screen was fetched, if it is the one restored from the cache and no run
  /// has brought fresh pages yet (local changes keep it): what the status bar calls "from
  /// cache · 2 h old".
  public var feedCachedAt: Date? {
    guard let restoredFeedDate, feed.state.hasValue, !feedFetched.isSet else {
      return nil
    }
    return restoredFeedDate
  }

  /// Whether `event` is a run delivering what the server answered.
  private static func bringsServerData(_ event: RunLogEvent) -> Bool {
    switch event {
    case .succeeded, .yielded: true
    default: false
    }
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

  /// The mutation that creates posts.
  public var addPost: OperationStore<MutationState<PostDraft, Post, HTTPError>> {
    client.store(for: operations.addPost)
  }

  /// Calls `listener` after every change of the feed's state, until the subscription ends.
  public func onFeedChange(_ listener: @escaping @Sendable () -> Void) -> OperationSubscription {
    feedChanges.add(listener)
  }

  /// The loaded posts of the feed, in order.
  public var feedPosts: [Post] { Self.posts(in: feed.state) }

  /// Post `id` as the feed's loaded pages have it, or nil when it is not loaded.
  public func feedPost(_ id: Int) -> Post? {
    for page in feed.state.pages {
      if let post = page.value.posts.first(where: { $0.id == id }) { return post }
    }
    return nil
  }

  /// The posts of a feed state, in order, each once.
  ///
  /// Pages are fetched by offset, so a post created or deleted between the fetches of two
  /// pages (a queued post sent while the feed revalidates) shifts the later ones: a post can
  /// then be on two pages, and is shown where it first appears.
  public static func posts(in state: PaginatedState<Int, PostsPage, HTTPError>) -> [Post] {
    var seen = Set<Int>()
    var posts: [Post] = []
    for page in state.pages {
      for post in page.value.posts where seen.insert(post.id).inserted { posts.append(post) }
    }
    return posts
  }

  // MARK: Actions

  /// Loads the next page of the feed (the first one when none is loaded).
  public func loadMore() async throws {
    try await feed.fetchNextPage()
  }

  /// Loads pages one after the other until at least `count` posts are loaded or the feed has
  /// no more, e.g. to fill the rows on screen; stops at the first failure (which the feed
  /// shows).
  public func loadPages(untilLoaded count: Int) async throws {
    if feed.state.pages.isEmpty { try await feed.fetch() }
    while Self.posts(in: feed.state).count < count, feed.state.hasNextPage {
      guard try await feed.fetchNextPage() != nil else { return }
    }
  }

  /// Refetches post `id` and its author together: what `r` on a post does, so that an author
  /// that failed to load is tried again with the post.
  public func refresh(post id: Int, author userID: Int?) async {
    let post = post(id)
    // The author's run starts first and at once, so that the end of the post's run finds it
    // in flight (see `followAuthor`) rather than fetching it a second time.
    let author = userID.map(user).map { author in Task.immediate { _ = try? await author.fetch() } }
    _ = try? await post.fetch()
    await author?.value
  }

  /// Keeps the author of post `id` in step with the post while the subscription lives:
  /// whenever a run of the post ends and the author's last load failed, the author is fetched
  /// again — so focus regained, a stale post shown again or any refetch retries it too.
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
      Task { _ = try? await author.fetch() }
    }
  }

  /// Creates a post; when the server keeps writes the feed is refetched to show it, otherwise
  /// it is put at the top of the feed by hand.
  ///
  /// While the server cannot be reached the post waits: `whenQueued` is called once it does,
  /// and the call returns when the post is sent (or, should the browser quit first, the cache
  /// keeps it and the next launch sends it).
  @discardableResult
  public func create(
    _ draft: PostDraft, whenQueued: (@Sendable () -> Void)? = nil
  ) async throws -> Post {
    var draft = draft
    draft.userId = draft.userId ?? PostsAPI.authorID
    let store = addPost
    let sent = draft
    let watch = whenQueued.map { queued in
      let said = SanitizerVisibleMutex(false)
      return store.subscribe { state in
        guard state.isPaused, state.latestAttempt?.arguments == sent else { return }
        let isFirst = said.withLock { said in
          defer { said = true }
          return !said
        }
        if isFirst { queued() }
      }
    }
    defer { watch?.cancel() }
    followCreatedPosts(store)
    ownCreations.begin(draft)
    defer { ownCreations.end(draft) }
    let post = try await store.mutate(with: draft)
    if let run = store.state.history.last(where: { $0.arguments == draft && $0.value == post })?
      .id
    {
      ownCreations.markShown(run)
    }
    Self.show(
      post, in: feed, client: client, persists: persistsWrites, deferring: deferredFeedChanges)
    return post
  }

  /// Starts showing the posts that runs of `store` not sent by `create(_:)` save, once.
  private func followCreatedPosts(
    _ store: OperationStore<MutationState<PostDraft, Post, HTTPError>>
  ) {
    let (feed, client, persists, deferred) = (
      feed, client, persistsWrites, deferredFeedChanges
    )
    createdPosts.withLock { subscription in
      guard subscription == nil else { return }
      subscription = Self.onNewPost(store, own: ownCreations) { post in
        Self.show(post, in: feed, client: client, persists: persists, deferring: deferred)
      }
    }
  }

  /// Calls `saved` with each post created by a run of `store` that started after now and that
  /// `create(_:)` does not show itself (the devtools' retry of the latest attempt); runs in
  /// flight now (restored from the cache) are left to ``onResumedWrite(_:saved:)``.
  private static func onNewPost(
    _ store: OperationStore<MutationState<PostDraft, Post, HTTPError>>, own: OwnWrites<PostDraft>,
    saved: @escaping @Sendable (Post) -> Void
  ) -> OperationSubscription {
    let existing = Set(store.state.history.map(\.id))
    return store.subscribe { state in
      for attempt in state.history
      where attempt.status == .succeeded && !existing.contains(attempt.id) {
        guard let post = attempt.value, own.claim(attempt.id, arguments: attempt.arguments)
        else { continue }
        saved(post)
      }
    }
  }

  /// Shows a created post: the feed is refetched when the server keeps writes, otherwise the
  /// post is put at its top by hand.
  private static func show(
    _ post: Post, in feed: OperationStore<PaginatedState<Int, PostsPage, HTTPError>>,
    client: OperationClient, persists: Bool, deferring deferred: DeferredFeedChanges
  ) {
    if persists {
      client.invalidate(matching: ["posts", "feed"])
    } else {
      deferred.apply(to: feed) { feed in
        feed.withCurrentValue { pages in
          // A refetch may have brought it already.
          guard !pages.isEmpty,
            !pages.contains(where: { $0.value.posts.contains { $0.id == post.id } })
          else {
            return
          }
          pages[0].value.posts.insert(post, at: 0)
        }
      }
    }
  }

  /// Changes a post's title and body optimistically: the feed and the post change at once, and
  /// change back if the server refuses.
  @discardableResult
  public func edit(_ id: Int, draft: PostDraft) async throws -> Post {
    let store = post(id)
    let previousPost = store.state.currentValue
    let previousInFeed = feedPosts.first { $0.id == id }
    let apply = { @Sendable (post: inout Post) in
      post.title = draft.title
      post.body = draft.body
    }
    store.withCurrentValue { value in if value != nil { apply(&value!) } }
    replaceInFeed(id) { apply(&$0) }
    do {
      let saved = try await client.store(for: operations.editPost).mutate(
        with: PostsOperations.Edit(id: id, draft: draft))
      store.withCurrentValue { value in
        value?.title = saved.title
        value?.body = saved.body
      }
      return saved
    } catch {
      if let previousPost { store.setCurrentValue(previousPost) }
      if let previousInFeed { replaceInFeed(id) { $0 = previousInFeed } }
      throw error
    }
  }

  /// Deletes a post optimistically: it leaves the feed at once and comes back if the server
  /// refuses.
  public func delete(_ id: Int) async throws {
    let removed = feed.withCurrentValue { pages -> (page: Int, index: Int, post: Post)? in
      for page in pages.indices {
        guard let index = pages[page].value.posts.firstIndex(where: { $0.id == id }) else {
          continue
        }
        let post = pages[page].value.posts.remove(at: index)
        for other in pages.indices { pages[other].value.total -= 1 }
        return (page, index, post)
      }
      return nil
    }
    do {
      try await client.store(for: operations.deletePost).mutate(with: id)
      client.remove(matching: ["post", id])
      if persistsWrites { client.invalidate(matching: ["posts", "feed"]) }
    } catch {
      if let removed {
        feed.withCurrentValue { pages in
          guard removed.page < pages.count else { return }
          let posts = pages[removed.page].value.posts
          pages[removed.page].value.posts.insert(
            removed.post, at: min(removed.index, posts.count))
          for other in pages.indices { pages[other].value.total += 1 }
        }
      }
      throw error
    }
  }

  private func replaceInFeed(_ id: Int, _ change: (inout Post) -> Void) {
    Self.replace(id, in: feed, change)
  }

  /// Changes post `id` where `feed`'s pages hold it.
  private static func replace(
    _ id: Int, in feed: OperationStore<PaginatedState<Int, PostsPage, HTTPError>>,
    _ change: (inout Post) -> Void
  ) {
    feed.withCurrentValue { pages in
      for page in pages.indices {
        guard let index = pages[page].value.posts.firstIndex(where: { $0.id == id }) else {
          continue
        }
        change(&pages[page].value.posts[index])
        return
      }
    }
  }
}
