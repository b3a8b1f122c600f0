import Foundation
import TetherSynchronization

/// Snapshots restored into a client before the stores they belong to exist: a store takes
/// its own when it is made.
struct RestoredSnapshots: Sendable {
  var queries: [Key: StoreSnapshot] = [:]
  var mutations: [Key: StoreSnapshot] = [:]

  var isEmpty: Bool { queries.isEmpty && mutations.isEmpty }

  mutating func take(at path: PersistedPath, isMutation: Bool) -> StoreSnapshot? {
    let key = Key(path)
    return isMutation ? mutations.removeValue(forKey: key) : queries.removeValue(forKey: key)
  }

  /// Keeps `snapshot` for its store, unless a newer one of a query is kept already.
  mutating func keep(_ snapshot: StoreSnapshot) {
    let key = Key(snapshot.path)
    if snapshot.isMutation {
      mutations[key] = snapshot
    } else {
      // One lookup, whether the path is new or holds an older snapshot.
      Self.keepNewer(snapshot, in: &queries[key, default: snapshot])
    }
  }

  private static func keepNewer(_ snapshot: StoreSnapshot, in slot: inout StoreSnapshot) {
    if slot.updatedAt < snapshot.updatedAt { slot = snapshot }
  }

  /// A path hashed once: taking a snapshot out of the table moves back the entries after it
  /// in its probe sequence, hashing each again, and a path's hash is that of each of its
  /// strings and integers.
  struct Key: Hashable {
    let path: PersistedPath
    let hash: Int

    init(_ path: PersistedPath) {
      self.path = path
      self.hash = path.hashValue
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(hash)
    }

    static func == (left: Key, right: Key) -> Bool {
      left.hash == right.hash && left.path == right.path
    }
  }
}

/// What `hydrate` did with a snapshot's stores.
public struct HydrationSummary: Sendable, Hashable {
  /// Stores that took their data now.
  public var restored = 0
  /// Snapshots kept for stores not made yet: each is restored when its store is first made.
  public var deferred = 0
  /// Snapshots dropped because the store's own data is as new or newer.
  public var keptNewer = 0
  /// Snapshots dropped because they could not be read as their store's type.
  public var unreadable = 0

  /// An empty summary: nothing restored, nothing skipped.
  public init() {}
}

/// Dehydrating and hydrating: TanStack Query's `dehydrate` and `hydrate`.
extension OperationClient {
  /// The client's stores as a snapshot, to write somewhere and restore at the next launch:
  /// every store `filter` chooses, and the restored snapshots no store has taken yet.
  ///
  /// ```swift
  /// let snapshot = client.dehydrate(buster: "posts-2")
  /// try JSONEncoder().encode(snapshot).write(to: file)
  /// // next launch
  /// client.hydrate(try JSONDecoder().decode(ClientSnapshot.self, from: Data(contentsOf: file)))
  /// ```
  ///
  /// Written are the data only (values, pages with their neighbours' ids, paused attempts'
  /// arguments) with their dates; never errors, runs, placeholders or counters. Stores whose
  /// types are not `Codable`, or whose paths hold something else than strings, numbers,
  /// booleans and UUIDs, are left out.
  public func dehydrate(filter: SnapshotFilter = .default, buster: String = "") -> ClientSnapshot {
    var stores: [StoreSnapshot] = []
    let managed = managedStores(matching: []) + managedMutationStores()
    var written = Set<StoreKey>()
    stores.reserveCapacity(managed.count)
    for store in managed {
      if case .written(let snapshot) = store.dehydrated(filter: filter, unchangedSince: nil) {
        stores.append(snapshot)
        written.insert(StoreKey(snapshot))
      }
    }
    let restored = restoredSnapshots.withLock { Array($0.queries.values) + $0.mutations.values }
    for snapshot in restored where !written.contains(StoreKey(snapshot)) {
      if snapshot.isMutation && !filter.includesPausedMutations { continue }
      stores.append(snapshot)
    }
    return ClientSnapshot(buster: buster, savedAt: clock.now(), stores: stores)
  }

  /// One store's data, for a persister that writes stores as they change: `.unchanged`, with
  /// nothing encoded, when a query's data last changed at `unchangedSince` (what was written).
  public func dehydrate(
    _ store: any OperationStoreProtocol, filter: SnapshotFilter = .default,
    unchangedSince: Date? = nil
  ) -> StoreDehydration {
    guard let managed = store as? any ManagedStore else {
      return .notPersistable(reason: "not a store of this package")
    }
    return managed.dehydrated(filter: filter, unchangedSince: unchangedSince)
  }

  /// Restores `snapshot`: a store that exists takes its data now (unless its own is as new or
  /// newer), marked stale, so it refetches at once if observed and when next observed
  /// otherwise; the others are kept and each is restored when its store is first made. A
  /// restored mutation runs its paused attempts again once its store is made (by the
  /// `store(for:)` that gives its body), waiting for the network if it is still off.
  ///
  /// A snapshot of another format version restores nothing.
  @discardableResult
  public func hydrate(_ snapshot: ClientSnapshot) -> HydrationSummary {
    guard snapshot.formatVersion == ClientSnapshot.currentFormatVersion else {
      return HydrationSummary()
    }
    return hydrate(snapshot.stores)
  }

  /// Restores `stores` (see ``hydrate(_:)-(ClientSnapshot)``).
  @discardableResult
  public func hydrate(_ stores: [StoreSnapshot]) -> HydrationSummary {
    var summary = HydrationSummary()
    // At launch no store exists yet: the paths need not be looked up (nor converted), and
    // every snapshot is kept for its store at once.
    let holdsQueries = queries.withLock { $0.count > 0 }
    let holdsMutations = mutations.withLock { $0.count > 0 }
    guard holdsQueries || holdsMutations else {
      summary.deferred = stores.count
      keep(stores)
      return summary
    }
    var deferred: [StoreSnapshot] = []
    for snapshot in stores {
      guard snapshot.isMutation ? holdsMutations : holdsQueries else {
        deferred.append(snapshot)
        continue
      }
      let path = snapshot.path.operationPath
      let existing = withTable(snapshot.isMutation) { $0.store(at: path) }
      guard let existing else {
        deferred.append(snapshot)
        continue
      }
      switch existing.hydrate(snapshot) {
      case .restored: summary.restored += 1
      case .keptNewer: summary.keptNewer += 1
      case .unreadable: summary.unreadable += 1
      }
    }
    summary.deferred = deferred.count
    keep(deferred)
    return summary
  }

  /// Keeps `snapshots` until their stores are made.
  private func keep(_ snapshots: [StoreSnapshot]) {
    guard !snapshots.isEmpty else { return }
    restoredSnapshots.withLock { restored in
      restored.queries.reserveCapacity(restored.queries.count + snapshots.count)
      for snapshot in snapshots { restored.keep(snapshot) }
    }
  }

  /// The restored snapshots no store has taken yet.
  public var pendingRestoredSnapshots: [StoreSnapshot] {
    restoredSnapshots.withLock { Array($0.queries.values) + $0.mutations.values }
  }

  /// Forgets the restored snapshots no store has taken yet.
  public func discardPendingRestoredSnapshots() {
    restoredSnapshots.withLock { $0 = RestoredSnapshots() }
  }

  /// A new store takes its restored snapshot, if there is one, with `hydrate`.
  func hydrateIfRestored(
    _ store: any ManagedStore, at path: OperationPath, isMutation: Bool,
    hydrate: (StoreSnapshot) -> StoreHydration
  ) {
    let snapshot = restoredSnapshots.withLock { restored -> StoreSnapshot? in
      guard !restored.isEmpty, let persisted = PersistedPath(path) else { return nil }
      return restored.take(at: persisted, isMutation: isMutation)
    }
    guard let snapshot else { return }
    if hydrate(snapshot) == .unreadable {
      warn(
        "the restored snapshot of \(path) could not be read as \(type(of: store)); dropped it",
        at: path)
    }
  }

  private func managedMutationStores() -> [any ManagedStore] {
    mutations.withLock { $0.stores(matching: []) }
  }
}

/// A store's place in a snapshot: its table and path.
private struct StoreKey: Hashable {
  let isMutation: Bool
  let path: PersistedPath

  init(_ snapshot: StoreSnapshot) {
    isMutation = snapshot.isMutation
    path = snapshot.path
  }
}

/// Marking changed stores: how a persister learns what to write without listening to every
/// event.
extension OperationClient {
  /// Calls `marked` with each store the first time it changes — is added, changes state, gains
  /// or loses a subscriber, turns stale, logs a run event, is removed — after its mark was last
  /// cleared with ``clearChangeMark(of:)``, until the subscription ends.
  ///
  /// A client may have several markers (a persister, an inspector): a store has one mark, and
  /// its first change after any of them cleared it calls them all, so each keeps a set — it
  /// may hear again of a store it has not cleared, never miss one.
  ///
  /// Each change then costs the store one relaxed atomic load, not the delivery of an event:
  /// what lets a persister follow a busy client. `marked` runs on the changing thread, under
  /// the store's lock: it must be quick and must not call the store.
  ///
  /// ```swift
  /// let marking = client.markChangedStores { store in changed.insert(store) }
  /// // once a second:
  /// for store in changed.takeAll() {
  ///   client.clearChangeMark(of: store)        // first, so a change from now on marks again
  ///   write(client.dehydrate(store))
  /// }
  /// ```
  public func markChangedStores(
    _ marked: @escaping @Sendable (any OperationStoreProtocol) -> Void
  ) -> OperationSubscription {
    eventHub.setMarker(marked)
  }

  /// Clears `store`'s change mark: its next change calls the marker again.
  public func clearChangeMark(of store: any OperationStoreProtocol) {
    (store as? any ManagedStore)?.clearChangeMark()
  }

  /// Whether `store` is still the client's store at its path: false once it was removed.
  public func holds(_ store: any OperationStoreProtocol) -> Bool {
    let current = withTable(store.kind == .mutation) { $0.store(at: store.path) }
    return current.map { $0 === store } ?? false
  }
}
