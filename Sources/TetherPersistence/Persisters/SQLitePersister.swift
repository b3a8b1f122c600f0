import Foundation
import TetherCore
import TetherSynchronization
import TetherTime

/// A ``Persister`` on an SQLite file: one row per store, written in transactions on a
/// background worker (``SQLiteRowStore``).
///
/// ```swift
/// let persister = SQLitePersister(at: cacheDirectory.appendingPathComponent("posts.sqlite")) {
///   diagnostic in statusBar.show(diagnostic.message)
/// }
/// ```
///
/// A damaged, locked, read-only or full file never stops the app: the persister starts empty
/// (or with what it could read), says so once through `diagnostics`, and keeps going; see
/// ``SQLiteRowStore``.
public final class SQLitePersister: Persister {
  /// The rows underneath.
  public let rows: SQLiteRowStore
  private let lostRows = LossFlag()

  /// A persister writing to `file` (created, with its directory, when missing).
  public init(
    at file: URL, configuration: SQLiteRowStore.Configuration = .init(),
    clock: any TetherClock = SystemClock(),
    diagnostics: @escaping @Sendable (PersistenceDiagnostic) -> Void = { _ in }
  ) {
    rows = SQLiteRowStore(at: file, configuration: configuration, clock: clock) {
      [lostRows] diagnostic in
      switch diagnostic.problem {
      case .corrupt, .newerSchema: lostRows.set()
      case .locked, .readOnly, .full, .unusable, .writeFailed, .tightened: break
      }
      diagnostics(diagnostic)
    }
  }

  public func restore() async -> ClientSnapshot? {
    let contents = await rows.load()
    // Whatever was lost before the restore is not the keeper's to write again.
    _ = lostRows.take()
    guard let metadata = contents.metadata else { return nil }
    var stores: [StoreSnapshot] = []
    stores.reserveCapacity(contents.rows.count)
    for row in contents.rows {
      guard let (kind, path) = Self.store(ofRowKey: row.key) else { continue }
      stores.append(
        StoreSnapshot(kind: kind, path: path, updatedAt: row.updatedAt, payload: row.value))
    }
    return ClientSnapshot(
      formatVersion: metadata.formatVersion, buster: metadata.buster, savedAt: metadata.savedAt,
      stores: stores)
  }

  public func save(_ changes: SnapshotChanges) {
    var batch = RowBatch()
    if changes.replacesAll { batch.removeAllRows() }
    for store in changes.removed { batch.remove(key: Self.rowKey(store.kind, store.path)) }
    for store in changes.stores {
      batch.put(
        StoredRow(
          key: Self.rowKey(store.kind, store.path), value: store.payload,
          updatedAt: store.updatedAt))
    }
    batch.metadata = StoredMetadata(
      buster: changes.buster, savedAt: changes.savedAt, formatVersion: changes.formatVersion)
    rows.enqueue(batch)
  }

  public func discard() {
    var batch = RowBatch()
    batch.removeAllRows()
    rows.enqueue(batch)
  }

  public func close() async {
    await rows.close()
  }

  public func takeFullSaveRequest() -> Bool {
    lostRows.take()
  }

  /// `query:["post",42]`: the kind, then the path's stable key.
  static func rowKey(_ kind: OperationKind, _ path: PersistedPath) -> String {
    kind.rawValue + ":" + path.key
  }

  /// The kind and path of a row's key, or nil when it is not one this persister wrote.
  static func store(ofRowKey key: String) -> (OperationKind, PersistedPath)? {
    // By UTF-8 bytes, not characters: a key is ASCII up to its path.
    guard let colon = key.utf8.firstIndex(of: UInt8(ascii: ":")),
      let kind = OperationKind(rawValue: String(key[..<colon])),
      let path = PersistedPath(key: key[key.utf8.index(after: colon)...])
    else { return nil }
    return (kind, path)
  }
}

/// Set on the worker when the file was replaced, taken by the keeper before a save.
private final class LossFlag: Sendable {
  private let value = SanitizerVisibleMutex(false)

  func set() { value.withLock { $0 = true } }

  func take() -> Bool {
    value.withLock { value in
      defer { value = false }
      return value
    }
  }
}
