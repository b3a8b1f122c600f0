import TetherCore
import TetherHTTP

/// The feed: reading its posts, hearing of its changes, and loading its pages.
extension PostsModel {
  /// Calls `listener` after every change of the feed's state, until the subscription ends,
  /// without subscribing to the feed (a second subscriber would refetch it).
  public func onFeedChange(_ listener: @escaping @Sendable () -> Void) -> OperationSubscription {
    let feed = feed
    return client.subscribeToEvents { event in
      guard case .storeUpdated(let store) = event, store === feed else { return }
      listener()
    }
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
}
