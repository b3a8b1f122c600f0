import Foundation
import TetherCore
import TetherJSON

/// Every store of a client as the devtools show them, kept in step with the client's events
/// by the loop's thread: only stores that changed are read again.
///
/// It belongs to a ``DevtoolsState`` and is used on the loop's thread only.
public final class StoreCatalog {
  /// The stores, by identity.
  public private(set) var records: [ObjectIdentifier: StoreRecord] = [:]
  /// The stores by path, queries and mutations apart.
  private var index: [StoreKey: ObjectIdentifier] = [:]
  /// Changes with every store added, changed or removed.
  public private(set) var revision: UInt64 = 0
  /// Changes with every store added or removed, and every change of a mutation (its
  /// attempts are rows): what the store view's tree is made of when sorted by path.
  public private(set) var structureRevision: UInt64 = 0
  /// Every record in natural order of its path, made again only when stores come or go (not
  /// when one changes): the store view walks it on every change.
  public var inOrder: [StoreRecord] {
    if let sorted { return sorted }
    let made = records.values.sorted { $0.order < $1.order }
    sorted = made
    return made
  }
  private var sorted: [StoreRecord]?
  /// Records read again since the store view last took them (``takeRefreshed()``), each once.
  private var refreshed: [ObjectIdentifier: StoreRecord] = [:]

  /// The records read again since the last call, for counting their labels again.
  func takeRefreshed() -> Dictionary<ObjectIdentifier, StoreRecord>.Values {
    defer { refreshed.removeAll(keepingCapacity: true) }
    return refreshed.values
  }
  /// The devtools' history limits; nil when they keep no history.
  private var historyLimits: HistoryLimits?
  /// Whether the first synchronisation has happened.
  private var isLoaded = false
  /// The generation of the client's changes last taken.
  private var generation: UInt64 = 0

  /// An empty catalog; ``synchronize(with:)`` fills it.
  public init() {}

  /// Takes what changed since the last call and reads those stores again; the first call
  /// reads every store of the client.
  ///
  /// - Returns: whether anything changed.
  @discardableResult
  public func synchronize(with devtools: Devtools) -> Bool {
    if !isLoaded {
      isLoaded = true
      // The values taken since the devtools were made (before they were first drawn) go to
      // the histories; a store that took none starts with the value it holds.
      let pending = devtools.changes.take()
      historyLimits = devtools.historyLimits
      for store in devtools.allStores() { insert(store, source: devtools.source) }
      var recorded = Set<ObjectIdentifier>()
      for value in pending.values {
        guard let record = records[value.store], !record.isMutation else { continue }
        record.history.append(
          JSONValue(describing: value.value).text(), cause: value.cause, at: value.date)
        recorded.insert(value.store)
      }
      if historyLimits != nil {
        for (id, record) in records
        where !recorded.contains(id) && record.history.entries.isEmpty {
          recordCurrentValue(of: record.store)
        }
      }
      revision &+= 1
      structureRevision &+= 1
      return true
    }
    guard devtools.changes.generation != generation else { return false }
    let changes = devtools.changes.take()
    generation = changes.generation
    var changed = false
    var structureChanged = false
    for id in changes.removed {
      guard let record = records.removeValue(forKey: id) else { continue }
      let key = StoreKey(path: record.path, isMutation: record.isMutation)
      if index[key] == id { index[key] = nil }
      sorted = nil
      changed = true
      structureChanged = true
    }
    for (id, store) in changes.added where records[id] == nil {
      insert(store, source: devtools.source)
      changed = true
      structureChanged = true
    }
    for id in changes.updated {
      guard records[id] != nil else { continue }
      records[id]!.refresh()
      refreshed[id] = records[id]!
      if records[id]!.isMutation { structureChanged = true }
      changed = true
    }
    for pending in changes.values {
      guard let record = records[pending.store], !record.isMutation else { continue }
      record.history.append(
        JSONValue(describing: pending.value).text(), cause: pending.cause, at: pending.date)
      changed = true
    }
    for id in changes.logged where records[id]?.runLog != nil {
      records[id]!.runLog = nil
      changed = true
    }
    if changed { revision &+= 1 }
    if structureChanged { structureRevision &+= 1 }
    return changed
  }

  /// The value `store` holds as the devtools start watching it: its history's first entry.
  private func recordCurrentValue(of store: any InspectableStore) {
    guard let record = records[ObjectIdentifier(store)], !record.isMutation,
      record.snapshot.hasValue, !record.snapshot.isPlaceholder
    else { return }
    record.history.append(
      JSONValue(describing: record.snapshot.currentValue).text(), cause: .initial,
      at: record.snapshot.valueLastUpdatedAt ?? record.snapshot.date)
  }

  /// Adds `store`, its history begun with what `source` recorded of it.
  private func insert(_ store: any InspectableStore, source: any StoreSource) {
    let record = StoreRecord(store, historyLimits: historyLimits ?? HistoryLimits())
    if historyLimits != nil, record.kind != .mutation {
      for value in source.recordedHistory(of: store) {
        record.history.append(value.json, cause: value.cause, at: value.date)
      }
    }
    let id = ObjectIdentifier(store)
    records[id] = record
    index[StoreKey(path: record.path, isMutation: record.isMutation)] = id
    sorted = nil
  }

  /// The query store at `path`, or the mutation store when `mutation` is true.
  public func record(at path: OperationPath, mutation: Bool = false) -> StoreRecord? {
    index[StoreKey(path: path, isMutation: mutation)].flatMap { records[$0] }
  }

  /// The record of `store`.
  public func record(of store: any OperationStoreProtocol) -> StoreRecord? {
    records[ObjectIdentifier(store)]
  }

  /// The run log of `record`'s store, read once per change.
  func runLog(of id: ObjectIdentifier) -> [RunLogEntry] {
    guard let record = records[id] else { return [] }
    if let log = record.runLog { return log }
    let log = record.store.runLog
    records[id]?.runLog = log
    return log
  }

  /// How many stores of each label there are at `now`, queries only.
  public func counts(at now: Date) -> [StoreStatus: Int] {
    var counts: [StoreStatus: Int] = [:]
    for record in records.values where !record.isMutation {
      counts[record.status(at: now), default: 0] += 1
    }
    return counts
  }
}

/// A store's place in a client: its path, in the table of queries or of mutations.
struct StoreKey: Hashable, Sendable {
  var path: OperationPath
  var isMutation: Bool
}
