import TetherCore

/// What a ``ClientPersistence`` keeps, for how long, and how often it writes.
///
/// ```swift
/// var options = PersistenceOptions(buster: "posts-2")
/// options.maxAge = .seconds(12 * 3600)
/// options.filter.includesPausedMutations = true   // writes made offline survive a restart
/// ```
public struct PersistenceOptions: Sendable {
  /// The app's version of its cached data: a snapshot written with another buster is
  /// discarded (a release whose values decode differently, another signed-in user).
  public var buster: String
  /// How old a snapshot may be: one saved longer ago is discarded whole, and a store whose
  /// data changed longer ago is dropped from it (24 hours by default, as TanStack Query's
  /// `maxAge`).
  public var maxAge: Duration
  /// The shortest time between two writes; a change waits at most this long (1 second).
  public var throttle: Duration
  /// Which stores are written.
  public var filter: SnapshotFilter
  /// The most stores kept: past it, those whose data changed longest ago are evicted.
  public var maximumStores: Int
  /// The largest encoded store written, in bytes; a larger one is left out (and said once).
  public var maximumStoreSize: Int

  /// Options; by default snapshots last 24 h, writes come at most once a second, and at most 20,000
  /// stores of 4 MB each are kept.
  public init(
    buster: String = "", maxAge: Duration = .seconds(24 * 3600), throttle: Duration = .seconds(1),
    filter: SnapshotFilter = .default, maximumStores: Int = 20_000,
    maximumStoreSize: Int = 4 << 20
  ) {
    self.buster = buster
    self.maxAge = maxAge
    self.throttle = throttle
    self.filter = filter
    self.maximumStores = maximumStores
    self.maximumStoreSize = maximumStoreSize
  }
}
