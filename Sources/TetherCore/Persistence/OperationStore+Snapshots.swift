import Foundation

/// What a store yields for a snapshot.
public enum StoreDehydration: Sendable {
  /// Its data, to write.
  case written(StoreSnapshot)
  /// Nothing to write now (no value, no paused attempt, or the filter leaves it out): a row
  /// written earlier for `path` should go.
  case nothing(PersistedPath)
  /// It can never be written: its path or its types are not persistable, or encoding failed.
  case notPersistable(reason: String)
  /// Its data is still the one last changed at the date it was asked about: nothing was
  /// encoded.
  case unchanged
}

/// What restoring one store's snapshot did.
public enum StoreHydration: Sendable, Hashable {
  /// The store took the snapshot's data, marked stale (for a mutation: its paused attempts run
  /// again).
  case restored
  /// The store's own data is as new or newer: the snapshot was dropped.
  case keptNewer
  /// The payload could not be read as the store's type: dropped.
  case unreadable
}

extension OperationStore {
  /// The store's data as a snapshot; `.unchanged` without encoding it when it last changed
  /// at `unchangedSince` (a query's).
  func dehydrated(filter: SnapshotFilter, unchangedSince: Date?) -> StoreDehydration {
    let isChosen: Bool
    switch State.kind {
    case .mutation: isChosen = filter.includesPausedMutations
    case .query, .paginatedQuery: isChosen = filter.includesQuery.map { $0(snapshot) } ?? true
    }
    // Asked first, and read in place without a copy of the state: after a restore every
    // store is asked, nearly all are unchanged, and one that was written has a persistable
    // path and type.
    if isChosen, let unchangedSince, State.kind != .mutation,
      withStorage({ $0.state.hasValue && $0.state.valueLastUpdatedAt == unchangedSince })
    {
      return .unchanged
    }
    guard let persistedPath = PersistedPath(path) else {
      return .notPersistable(reason: "its path has an element that is not persistable")
    }
    guard let persistable = self as? any PersistableStore else {
      return .notPersistable(reason: "\(State.self) is not Codable")
    }
    guard isChosen else { return .nothing(persistedPath) }
    do {
      guard let (payload, updatedAt) = try persistable.persistedPayload() else {
        return .nothing(persistedPath)
      }
      return .written(
        StoreSnapshot(
          kind: State.kind, path: persistedPath, updatedAt: updatedAt, payload: payload))
    } catch {
      return .notPersistable(reason: "encoding failed: \(error)")
    }
  }

  /// What the store knows of its runs beyond the state, for a mutation's snapshot.
  static func restorableRuns(_ runs: [StoreMachine.Run]) -> [OperationRunID: RestorableRun] {
    var restorable: [OperationRunID: RestorableRun] = [:]
    for run in runs {
      restorable[run.id] = RestorableRun(
        failedAttempts: run.attempt - 1, hookRecords: run.hookRecords)
    }
    return restorable
  }

  /// Takes the data of `snapshot` unless the store's own is as new or newer; a restored value
  /// is stale, so a store with subscribers refetches it. A mutation goes on with each
  /// restored paused attempt, oldest first, where it was (TanStack's resumed mutations): the
  /// same submission date in its history, its retries counted from the attempts that had
  /// failed, and its lifecycles' restored contexts, so `onMutate` does not run again (it does
  /// for a context that is not `Codable`). It waits for its scope and the network as before.
  func hydrate(_ snapshot: StoreSnapshot) -> StoreHydration {
    guard let persistable = self as? any PersistableStore else { return .unreadable }
    return persistable.restore(snapshot)
  }
}

/// A store whose state can be written to a snapshot and read back: an ``OperationStore``
/// whose state is a ``PersistableState``, which is what a store is cast to once it is known
/// to be one. Its code then knows the state is persistable, so the state is restored where the
/// store keeps it, neither copied nor cast (a restore at launch makes ten thousand stores).
protocol PersistableStore: AnyObject {
  /// The store's data to write and when it last changed, or nil when there is none.
  func persistedPayload() throws -> (payload: Data, updatedAt: Date)?
  /// Takes the data of `snapshot` (see `OperationStore.hydrate(_:)`).
  func restore(_ snapshot: StoreSnapshot) -> StoreHydration
}

extension OperationStore: PersistableStore where State: PersistableState {
  func persistedPayload() throws -> (payload: Data, updatedAt: Date)? {
    // Copied out and encoded outside the lock: encoding is the slow part.
    guard State.kind == .mutation else { return try state.persistedPayload() }
    let (state, runs) = withStorage { ($0.state, Self.restorableRuns($0.machine.runs)) }
    return try state.persistedPayload(runs: runs)
  }

  func restore(_ snapshot: StoreSnapshot) -> StoreHydration {
    if State.kind == .mutation {
      guard let attempts = try? State.restoredAttempts(payload: snapshot.payload) else {
        return .unreadable
      }
      for (input, restored) in attempts {
        // Started at once, in order, so each attempt is in the history (and the next
        // snapshot) and in its scope's queue before this returns.
        Task.immediate {
          _ = await self.runStep(.mutate, mode: .fresh, restoring: restored) { _ in input }
        }
      }
      return .restored
    }
    let date = clock.now()
    let isListening = events?.isListening == true
    let (outcome, effects) = withStorage { storage -> (StoreHydration, StoreMachine.Effects) in
      // A new store, what a restore makes, has no value: its date is not read.
      if storage.state.hasValue, let current = storage.state.valueLastUpdatedAt,
        current >= snapshot.updatedAt
      {
        return (.keptNewer, StoreMachine.Effects())
      }
      do {
        // In place: `restore` decodes before it changes anything, so a payload that cannot
        // be read leaves the state as it was.
        try storage.state.restore(payload: snapshot.payload, updatedAt: snapshot.updatedAt)
      } catch {
        return (.unreadable, StoreMachine.Effects())
      }
      return (.restored, storage.step(.restored, at: date, isListening: isListening))
    }
    perform(effects)
    return outcome
  }
}
