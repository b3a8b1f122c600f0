import Foundation
import TetherCore

/// What the devtools know of one store: its latest snapshot and what the snapshot leaves out
/// (when the value goes stale, when the store is collected, a mutation's attempts), refreshed
/// whenever the store reports a change.
///
/// A class, not a struct: the store view sorts and groups thousands of records on every change
/// of one, and copying a reference is one retain where a record's fields are a dozen. Records
/// belong to the ``StoreCatalog`` and change only on the loop's thread, when it synchronises.
public final class StoreRecord {
  public let store: any InspectableStore
  public let path: OperationPath
  public let kind: OperationKind
  /// The path's place in natural order.
  public let order: NaturalOrder
  public internal(set) var snapshot: OperationSnapshot
  public internal(set) var staleDate: Date?
  public internal(set) var collectionDate: Date?
  /// A mutation's attempts, oldest first.
  public internal(set) var attempts: [AttemptSnapshot]
  /// The values the store held since the devtools watch it (queries only).
  public internal(set) var history: ValueHistory
  /// The store's run log, when someone asked for it since the last change.
  var runLog: [RunLogEntry]?
  /// The store view's columns as last made, and what for: made again after a change only.
  var columns: (status: String, width: Int, text: String)?
  /// The label the store view's header counted this store under.
  var countedStatus: StoreStatus?

  init(_ store: any InspectableStore, historyLimits: HistoryLimits = HistoryLimits()) {
    history = ValueHistory(limits: historyLimits)
    self.store = store
    path = store.path
    kind = store.kind
    order = NaturalOrder(store.path)
    snapshot = store.snapshot
    staleDate = store.staleDate
    collectionDate = store.collectionDate
    attempts = kind == .mutation ? store.attempts : []
  }

  /// Reads the store again.
  func refresh() {
    snapshot = store.snapshot
    staleDate = store.staleDate
    collectionDate = store.collectionDate
    if kind == .mutation { attempts = store.attempts }
    runLog = nil
    columns = nil
  }

  public var isMutation: Bool { kind == .mutation }

  /// The latest change of value or error.
  public var lastUpdate: Date? {
    switch (snapshot.valueLastUpdatedAt, snapshot.errorLastUpdatedAt) {
    case (let value?, let error?): max(value, error)
    case (let value?, nil): value
    case (nil, let error?): error
    case (nil, nil): attempts.last?.startDate
    }
  }

  /// The query label at `now`.
  public func status(at now: Date) -> StoreStatus {
    StoreStatus(snapshot, staleDate: staleDate, at: now)
  }

  /// The mutation label.
  public var mutationStatus: MutationStatus { MutationStatus(snapshot) }

  /// When the label may change by itself (a fresh value going stale); nil when only a change
  /// of the store can change it.
  func nextTransition(after now: Date) -> Date? {
    guard !isMutation, let staleDate, staleDate > now, !snapshot.isStale else { return nil }
    return staleDate
  }
}
