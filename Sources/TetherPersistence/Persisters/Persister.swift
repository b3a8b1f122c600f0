import Foundation
import TetherCore

/// Where a client's snapshot is kept between launches: SQLite (``SQLitePersister``), a file, a
/// key-value store, a server.
///
/// A keeper (``ClientPersistence``) restores the snapshot once at start, then hands the
/// persister what changed at most once per throttle interval, and closes it on exit. A
/// persister decides nothing: age, buster and filters are the keeper's.
///
/// A persister that keeps one document rather than rows applies each ``SnapshotChanges`` to
/// the snapshot it holds and writes the whole:
///
/// ```swift
/// final class JSONFilePersister: Persister {
///   let file: URL
///   let snapshot = SanitizerVisibleMutex<ClientSnapshot?>(nil)
///   init(file: URL) { self.file = file }
///
///   func restore() async -> ClientSnapshot? {
///     let restored = try? JSONDecoder().decode(ClientSnapshot.self, from: Data(contentsOf: file))
///     snapshot.withLock { $0 = restored }
///     return restored
///   }
///   func save(_ changes: SnapshotChanges) {
///     let data = snapshot.withLock { snapshot in
///       snapshot = changes.applied(to: snapshot)
///       return try? JSONEncoder().encode(snapshot)
///     }
///     try? data?.write(to: file, options: .atomic)
///   }
///   func discard() { try? FileManager.default.removeItem(at: file) }
///   func close() async {}
///   func takeFullSaveRequest() -> Bool { false }
/// }
/// ```
public protocol Persister: Sendable {
  /// Reads what was saved; nil when nothing was (or it could not be read).
  func restore() async -> ClientSnapshot?

  /// Saves `changes`. It should return quickly and write off the caller's thread; changes
  /// saved before ``close()`` must not be lost.
  func save(_ changes: SnapshotChanges)

  /// Deletes everything saved: a snapshot too old, or of another buster.
  func discard()

  /// Writes what is pending and releases the storage.
  func close() async

  /// Whether what was saved has been lost since the previous call (the storage was found
  /// damaged and replaced), so the next save must hold every store again. The keeper asks
  /// before each save.
  func takeFullSaveRequest() -> Bool
}

/// Which store a snapshot's entry is: its kind and path.
public struct StoreKey: Sendable, Hashable {
  public var kind: OperationKind
  public var path: PersistedPath

  /// The key of the store of `kind` at `path`.
  public init(kind: OperationKind, path: PersistedPath) {
    self.kind = kind
    self.path = path
  }

  /// The key of `store`'s row.
  public init(_ store: StoreSnapshot) {
    self.init(kind: store.kind, path: store.path)
  }
}

/// What changed in a client's snapshot since the previous save.
public struct SnapshotChanges: Sendable, Hashable {
  /// The stores written, or written again.
  public var stores: [StoreSnapshot]
  /// The stores that are no longer in the snapshot.
  public var removed: [StoreKey]
  /// Whether every store saved before is dropped first (a full save).
  public var replacesAll: Bool
  /// The format version, the buster and the date of this save.
  public var formatVersion: Int
  public var buster: String
  public var savedAt: Date

  /// The changes of one save: the stores written, the keys removed, and whether they replace all
  /// that was kept.
  public init(
    stores: [StoreSnapshot] = [], removed: [StoreKey] = [], replacesAll: Bool = false,
    formatVersion: Int = ClientSnapshot.currentFormatVersion, buster: String, savedAt: Date
  ) {
    self.stores = stores
    self.removed = removed
    self.replacesAll = replacesAll
    self.formatVersion = formatVersion
    self.buster = buster
    self.savedAt = savedAt
  }

  /// `snapshot` with these changes: for persisters that keep one document.
  public func applied(to snapshot: ClientSnapshot?) -> ClientSnapshot {
    var stores: [StoreKey: StoreSnapshot] = [:]
    if !replacesAll, let snapshot {
      for store in snapshot.stores { stores[StoreKey(store)] = store }
    }
    for key in removed { stores[key] = nil }
    for store in self.stores { stores[StoreKey(store)] = store }
    return ClientSnapshot(
      formatVersion: formatVersion, buster: buster, savedAt: savedAt,
      stores: Array(stores.values))
  }
}
