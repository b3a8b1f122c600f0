import TetherCore
import TetherHTTP
import TetherSynchronization

/// Changes made by hand to the feed's pages (a sent post put at the top, a saved edit) that
/// wait for the feed's run in flight: that run replaces the pages when it ends, and would
/// undo them.
final class DeferredFeedChanges: Sendable {
  typealias Feed = OperationStore<PaginatedState<Int, PostsPage, HTTPError>>

  private let changes = SanitizerVisibleMutex<[@Sendable (Feed) -> Void]>([])

  /// Makes `change` to `feed` now, or when its run in flight ends.
  func apply(to feed: Feed, _ change: @escaping @Sendable (Feed) -> Void) {
    changes.withLock { $0.append(change) }
    if !feed.state.hasRunInFlight { applyWaiting(to: feed) }
  }

  /// Makes the changes that wait, once each: call it when the feed has no run in flight.
  func applyWaiting(to feed: Feed) {
    let waiting = changes.withLock { changes in
      defer { changes.removeAll() }
      return changes
    }
    for change in waiting { change(feed) }
  }
}
