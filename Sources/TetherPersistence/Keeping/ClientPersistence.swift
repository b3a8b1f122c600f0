import Foundation
import TetherCore
import TetherSynchronization
import TetherTime

/// Keeps a client's snapshot in a ``Persister`` up to date: restores it at start, writes what
/// changed at most once per throttle interval, and everything left on ``close()``. TanStack
/// Query's `persistQueryClient`.
///
/// ```swift
/// let client = OperationClient()
/// let persistence = await ClientPersistence.start(
///   client, persister: SQLitePersister(at: cacheFile),
///   options: PersistenceOptions(buster: "posts-2"))
/// // … stores restored from the cache show their data at once, stale, and revalidate …
/// await persistence.close()   // on exit: nothing changed before is lost
/// ```
///
/// At start a snapshot of another format or buster, or saved longer ago than `maxAge`, is
/// discarded; stores whose data changed longer ago than `maxAge` are dropped, and past
/// `maximumStores` the oldest are. The rest is hydrated (see `OperationClient.hydrate`).
///
/// Then the client marks each store the first time it is added, changes or is removed after
/// a save (`OperationClient.markChangedStores`: later changes cost one atomic load), and the
/// next throttled save writes it: a store with data is written, one without (reset, removed) is
/// deleted, one whose data did not change since it was written costs nothing. A store too
/// large, or not persistable, is said once through `notices`.
public final class ClientPersistence: Sendable {
  private struct State {
    /// The stores marked changed since the last save, by identity.
    var noted: [ObjectIdentifier: any OperationStoreProtocol] = [:]
    /// What the persister holds, with each store's update date.
    var written: [StoreKey: Date] = [:]
    /// Stores already said to be unwritable.
    var reported: Set<OperationPath> = []
    var isClosed = false
  }

  /// The client whose stores are kept.
  public let client: OperationClient
  /// Where they are kept.
  public let persister: any Persister
  public let options: PersistenceOptions
  /// What was found at start.
  public let restoration: PersistenceRestoration
  private let notices: @Sendable (PersistenceNotice) -> Void
  private let state: SanitizerVisibleMutex<State>
  private let subscription = SanitizerVisibleMutex<OperationSubscription?>(nil)
  private let throttle: SanitizerVisibleMutex<WriteThrottle?> = SanitizerVisibleMutex(nil)

  private init(
    client: OperationClient, persister: any Persister, options: PersistenceOptions,
    restoration: PersistenceRestoration, written: [StoreKey: Date],
    notices: @escaping @Sendable (PersistenceNotice) -> Void
  ) {
    self.client = client
    self.persister = persister
    self.options = options
    self.restoration = restoration
    self.notices = notices
    state = SanitizerVisibleMutex(State(written: written))
  }

  /// Restores `persister`'s snapshot into `client` and keeps it up to date from then on.
  /// Call it before the stores that should show cached data are made (or at any time: a
  /// store that exists takes the cached data when its own is older).
  public static func start(
    _ client: OperationClient, persister: any Persister,
    options: PersistenceOptions = PersistenceOptions(),
    notices: @escaping @Sendable (PersistenceNotice) -> Void = { _ in }
  ) async -> ClientPersistence {
    let snapshot = await persister.restore()
    let now = client.clock.now()
    var restoration = PersistenceRestoration()
    var written: [StoreKey: Date] = [:]
    if let snapshot {
      if let reason = discardReason(of: snapshot, options: options, at: now) {
        restoration.discarded = reason
        persister.discard()
        notices(.discarded(reason))
      } else {
        var kept = snapshot.stores.filter {
          now.timeIntervalSince($0.updatedAt) <= options.maxAge.seconds
        }
        if kept.count > options.maximumStores {
          kept.sort { $0.updatedAt > $1.updatedAt }
          kept.removeLast(kept.count - options.maximumStores)
        }
        restoration.evicted = snapshot.stores.count - kept.count
        restoration.savedAt = snapshot.savedAt
        restoration.summary = client.hydrate(kept)
        written.reserveCapacity(kept.count)
        for store in kept { written[StoreKey(store)] = store.updatedAt }
        if restoration.evicted > 0 {
          let keptKeys = Set(written.keys)
          persister.save(
            SnapshotChanges(
              removed: snapshot.stores.map(StoreKey.init).filter { !keptKeys.contains($0) },
              buster: options.buster, savedAt: now))
        }
      }
    }
    let persistence = ClientPersistence(
      client: client, persister: persister, options: options, restoration: restoration,
      written: written, notices: notices)
    persistence.startListening()
    return persistence
  }

  private static func discardReason(
    of snapshot: ClientSnapshot, options: PersistenceOptions, at now: Date
  ) -> PersistenceNotice.DiscardReason? {
    if snapshot.formatVersion != ClientSnapshot.currentFormatVersion {
      return .otherFormat(snapshot.formatVersion)
    }
    if snapshot.buster != options.buster { return .otherBuster(snapshot.buster) }
    if now.timeIntervalSince(snapshot.savedAt) > options.maxAge.seconds {
      return .tooOld(savedAt: snapshot.savedAt)
    }
    return nil
  }

  private func startListening() {
    let throttle = WriteThrottle(interval: options.throttle, clock: client.clock) {
      [weak self] in self?.save()
    }
    self.throttle.withLock { $0 = throttle }
    let subscription = client.markChangedStores { [weak self] store in self?.note(store) }
    self.subscription.withLock { $0 = subscription }
  }

  /// Runs under the store's lock: records the store and wakes the throttle.
  private func note(_ store: any OperationStoreProtocol) {
    let isFirst = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      state.noted[ObjectIdentifier(store)] = store
      return state.noted.count == 1
    }
    if isFirst { throttle.withLock { $0 }?.noteChange() }
  }

  /// Writes what changed now, without waiting for the throttle.
  public func flush() {
    throttle.withLock { $0 }?.flush()
  }

  /// Stops listening, writes everything not written yet, and closes the persister: call it
  /// on exit. Changes made after it are not kept.
  public func close() async {
    subscription.withLock { $0 }?.cancel()
    let throttle = self.throttle.withLock { $0 }
    throttle?.stop()
    state.withLock { $0.isClosed = true }
    await persister.close()
  }

  // MARK: Saving

  /// Runs under the throttle, one at a time: dehydrates the noted stores and hands the
  /// persister what changed.
  private func save() {
    let now = client.clock.now()
    if persister.takeFullSaveRequest() {
      saveEverything(at: now)
      return
    }
    let noted = state.withLock { state -> [any OperationStoreProtocol] in
      defer { state.noted.removeAll(keepingCapacity: true) }
      return Array(state.noted.values)
    }
    guard !noted.isEmpty else { return }
    // The mark is cleared before the store is read, so a change from now on marks it again.
    for store in noted { client.clearChangeMark(of: store) }
    // A store the client still holds decides its place; a removed one only deletes it when
    // no store took its path.
    var latest: [StoreKey: (store: any OperationStoreProtocol, isRemoved: Bool)] = [:]
    for store in noted {
      guard let path = PersistedPath(store.path) else {
        report(store.path, .notPersistable(store.path, reason: "its path is not persistable"))
        continue
      }
      let key = StoreKey(kind: store.kind, path: path)
      let isRemoved = !client.holds(store)
      if isRemoved, latest[key] != nil { continue }
      latest[key] = (store, isRemoved)
    }
    var stores: [StoreSnapshot] = []
    var removed: [StoreKey] = []
    let written = state.withLock { $0.written }
    var updates: [StoreKey: Date?] = [:]
    for (key, entry) in latest {
      var snapshot: StoreSnapshot?
      if !entry.isRemoved {
        switch client.dehydrate(entry.store, filter: options.filter, unchangedSince: written[key])
        {
        case .unchanged:
          continue
        case .written(let dehydrated):
          if dehydrated.payload.count > options.maximumStoreSize {
            report(
              entry.store.path, .tooLarge(entry.store.path, bytes: dehydrated.payload.count))
          } else {
            snapshot = dehydrated
          }
        case .nothing:
          break
        case .notPersistable(let reason):
          report(entry.store.path, .notPersistable(entry.store.path, reason: reason))
        }
      }
      if let snapshot {
        guard written[key] != snapshot.updatedAt else { continue }
        stores.append(snapshot)
        updates[key] = .some(snapshot.updatedAt)
      } else if written[key] != nil {
        removed.append(key)
        updates[key] = .some(nil)
      }
    }
    let evicted = state.withLock { state -> [StoreKey] in
      for (key, date) in updates { state.written[key] = date }
      return Self.evict(from: &state.written, keeping: options.maximumStores)
    }
    let evictedKeys = Set(evicted)
    stores.removeAll { evictedKeys.contains(StoreKey($0)) }
    removed += evicted
    guard !stores.isEmpty || !removed.isEmpty else { return }
    persister.save(
      SnapshotChanges(stores: stores, removed: removed, buster: options.buster, savedAt: now))
  }

  /// The persister lost what it held: everything is written again.
  private func saveEverything(at now: Date) {
    let noted = state.withLock { state -> [any OperationStoreProtocol] in
      defer { state.noted.removeAll() }
      return Array(state.noted.values)
    }
    for store in noted { client.clearChangeMark(of: store) }
    var stores = client.dehydrate(filter: options.filter, buster: options.buster).stores
    stores.removeAll { $0.payload.count > options.maximumStoreSize }
    if stores.count > options.maximumStores {
      stores.sort { $0.updatedAt > $1.updatedAt }
      stores.removeLast(stores.count - options.maximumStores)
    }
    state.withLock { state in
      state.written = Dictionary(
        stores.map { (StoreKey($0), $0.updatedAt) }, uniquingKeysWith: max)
    }
    persister.save(
      SnapshotChanges(
        stores: stores, replacesAll: true, buster: options.buster, savedAt: now))
  }

  /// Removes the entries past `limit` whose data changed longest ago, and returns them.
  private static func evict(from written: inout [StoreKey: Date], keeping limit: Int) -> [StoreKey]
  {
    guard written.count > limit else { return [] }
    let oldest = written.sorted { $0.value < $1.value }.prefix(written.count - limit).map(\.key)
    for key in oldest { written[key] = nil }
    return oldest
  }

  private func report(_ path: OperationPath, _ notice: PersistenceNotice) {
    let isNew = state.withLock { $0.reported.insert(path).inserted }
    if isNew { notices(notice) }
  }
}

extension Duration {
  /// The duration in seconds, as a `TimeInterval`.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
