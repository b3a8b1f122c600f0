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
    /// What the persister holds, with each store's update date: read with ``writtenDates()``.
    private var written: [StoreKey: Date] = [:]
    /// The restored stores not yet in `written`: it is made from them at the first save, not
    /// at launch, where nothing reads it. Their keys and dates only, so that their payloads
    /// are freed as their stores take them.
    private var restored: [(key: StoreKey, updatedAt: Date)]
    /// Stores already said to be unwritable.
    var reported: Set<OperationPath> = []
    var isClosed = false

    init(restored: [StoreSnapshot]) {
      self.restored = restored.map { (StoreKey($0), $0.updatedAt) }
      // Each restored store is noted when it is made: room for them all, made once.
      noted.reserveCapacity(restored.count)
    }

    /// What the persister holds, with each store's update date.
    mutating func writtenDates() -> [StoreKey: Date] {
      if !restored.isEmpty {
        written.reserveCapacity(written.count + restored.count)
        for (key, date) in restored { written[key] = date }
        restored = []
      }
      return written
    }

    /// Records what a save wrote (a nil date: removed), and returns the entries evicted past
    /// `limit`, those whose data changed longest ago.
    mutating func record(_ updates: [StoreKey: Date?], keeping limit: Int) -> [StoreKey] {
      _ = writtenDates()
      for (key, date) in updates { written[key] = date }
      guard written.count > limit else { return [] }
      let oldest = written.sorted { $0.value < $1.value }.prefix(written.count - limit).map(\.key)
      for key in oldest { written[key] = nil }
      return oldest
    }

    /// Everything was written again: `stores` is what the persister holds now.
    mutating func replaceWritten(with stores: [StoreSnapshot]) {
      restored = []
      written = Dictionary(stores.map { (StoreKey($0), $0.updatedAt) }, uniquingKeysWith: max)
    }
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
    restoration: PersistenceRestoration, restored: [StoreSnapshot],
    notices: @escaping @Sendable (PersistenceNotice) -> Void
  ) {
    self.client = client
    self.persister = persister
    self.options = options
    self.restoration = restoration
    self.notices = notices
    state = SanitizerVisibleMutex(State(restored: restored))
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
    var restored: [StoreSnapshot] = []
    if let snapshot {
      if let reason = discardReason(of: snapshot, options: options, at: now) {
        restoration.discarded = reason
        persister.discard()
        notices(.discarded(reason))
      } else {
        let maxAge = options.maxAge.seconds
        let isFresh = { (store: StoreSnapshot) in now.timeIntervalSince(store.updatedAt) <= maxAge }
        // Shared, not copied, when every store is fresh (at a launch, nearly always).
        var kept =
          snapshot.stores.allSatisfy(isFresh) ? snapshot.stores : snapshot.stores.filter(isFresh)
        if kept.count > options.maximumStores {
          kept.sort { $0.updatedAt > $1.updatedAt }
          kept.removeLast(kept.count - options.maximumStores)
        }
        restoration.evicted = snapshot.stores.count - kept.count
        restoration.savedAt = snapshot.savedAt
        restoration.summary = client.hydrate(kept)
        if restoration.evicted > 0 {
          let keptKeys = Set(kept.map(StoreKey.init))
          persister.save(
            SnapshotChanges(
              removed: snapshot.stores.map(StoreKey.init).filter { !keptKeys.contains($0) },
              buster: options.buster, savedAt: now))
        }
        restored = kept
      }
    }
    let persistence = ClientPersistence(
      client: client, persister: persister, options: options, restoration: restoration,
      restored: restored, notices: notices)
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
    let written = state.withLock { $0.writtenDates() }
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
    let evicted = state.withLock { $0.record(updates, keeping: options.maximumStores) }
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
    state.withLock { $0.replaceWritten(with: stores) }
    persister.save(
      SnapshotChanges(
        stores: stores, replacesAll: true, buster: options.buster, savedAt: now))
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
