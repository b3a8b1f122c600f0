import TetherCore
import TetherHTTP
import TetherSynchronization

/// Posts changed elsewhere — by another client, `curl`, the service's own tools — live, from
/// the service's change stream (``PostsAPI/changes``).
extension PostsModel {
  /// The change stream's store: what it has told so far (``ChangesSeen``).
  public var changes: OperationStore<QueryState<ChangesSeen, HTTPError>> {
    client.store(for: operations.changes { [weak self] id in self?.feedPost(id)?.title })
  }

  /// Whether post `id` was changed elsewhere since launch (and not opened since).
  public func isChangedElsewhere(_ id: Int) -> Bool {
    changes.state.currentValue?.changedElsewhere.contains(id) ?? false
  }

  /// Follows the change stream while the subscription lives: each change made elsewhere
  /// reloads what it touched (the post, the feed, the post's comments); a `reset` reloads
  /// everything. A server without the stream (dummyjson) fails it once, with a 404.
  public func followChanges() -> OperationSubscription {
    let seen = SanitizedCounter()
    return changes.subscribe { [weak self] state in
      guard let self else { return }
      if let value = state.currentValue, seen.advance(to: value.count), let change = value.latest {
        react(to: change)
      }
    }
  }

  /// Marks post `id` as seen: its mark goes.
  public func acknowledgeChange(of id: Int) {
    guard followsChanges, isChangedElsewhere(id) else { return }
    client.updateValues(matching: PostsOperations.changesPath, of: ChangesSeen.self) {
      $0.changedElsewhere.remove(id)
    }
  }

  private func react(to change: PostChange) {
    switch (change.change, change.id) {
    case ("reset", _):
      client.invalidate(matching: ["post"])
      client.invalidate(matching: ["comments"])
      client.invalidate(matching: PostsOperations.feedPath)
    case ("comments", let id?):
      client.invalidate(matching: ["comments", id])
    case (_, let id?):
      client.invalidate(matching: ["post", id])
      client.invalidate(matching: PostsOperations.feedPath)
    default:
      break
    }
  }
}

/// The number of changes a subscriber has acted on.
private final class SanitizedCounter: Sendable {
  private let count = SanitizerVisibleMutex(0)

  /// Whether `total` is past what was seen; remembers it.
  func advance(to total: Int) -> Bool {
    count.withLock { count in
      defer { count = max(count, total) }
      return total > count
    }
  }
}
