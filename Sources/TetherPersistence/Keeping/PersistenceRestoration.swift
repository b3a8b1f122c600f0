import Foundation
import TetherCore

/// What a ``ClientPersistence`` found at start and did with it.
public struct PersistenceRestoration: Sendable, Hashable {
  /// When the restored snapshot was last saved; nil when nothing was restored.
  public var savedAt: Date?
  /// What `hydrate` did with its stores.
  public var summary = HydrationSummary()
  /// Stores dropped for being older than `maxAge`, or past `maximumStores`.
  public var evicted = 0
  /// Why the whole snapshot was discarded, if it was.
  public var discarded: PersistenceNotice.DiscardReason?

  /// An empty restoration: nothing was found to restore.
  public init() {}

  /// How many stores came back, now or deferred until their store is made.
  public var restoredCount: Int { summary.restored + summary.deferred }
}
