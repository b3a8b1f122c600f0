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
    guard let type = State.self as? any PersistableState.Type else {
      return .notPersistable(reason: "\(State.self) is not Codable")
    }
    guard isChosen else { return .nothing(persistedPath) }
    let (state, runs) = withStorage { storage in
      (storage.state, State.kind == .mutation ? Self.restorableRuns(storage.machine.runs) : [:])
    }
    do {
      guard let (payload, updatedAt) = try Self.payload(of: state, as: type, runs: runs) else {
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
  /// is stale, so a store with subscribers refetches it at once. A mutation goes on with each
  /// restored paused attempt, oldest first, where it was (TanStack's resumed mutations): the
  /// same submission date in its history, its retries counted from the attempts that had
  /// failed, and its lifecycles' restored contexts, so `onMutate` does not run again (it does
  /// for a context that is not `Codable`). It waits for its scope and the network as before.
  func hydrate(_ snapshot: StoreSnapshot) -> StoreHydration {
    guard let type = State.self as? any PersistableState.Type else { return .unreadable }
    if State.kind == .mutation {
      guard let attempts = try? Self.restoredAttempts(of: type, snapshot.payload) else {
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
      if let current = storage.state.valueLastUpdatedAt, current >= snapshot.updatedAt {
        return (.keptNewer, StoreMachine.Effects())
      }
      var restored = storage.state
      do {
        try Self.restore(snapshot, into: &restored, as: type)
      } catch {
        return (.unreadable, StoreMachine.Effects())
      }
      return (.restored, storage.step(.restore(restored), at: date, isListening: isListening))
    }
    perform(effects)
    return outcome
  }

  static func restoredAttempts<Persistable: PersistableState>(
    of type: Persistable.Type, _ payload: Data
  ) throws -> [(State.RunInput, RestoredAttempt)] {
    try type.restoredAttempts(payload: payload).compactMap { input, restored in
      (input as? State.RunInput).map { ($0, restored) }
    }
  }

  // `type` is `State.self` seen as a `PersistableState`: opening it gives `State` back, and
  // the casts between the two are copies of one type.

  private static func payload<Persistable: PersistableState>(
    of state: State, as type: Persistable.Type, runs: [OperationRunID: RestorableRun]
  ) throws -> (payload: Data, updatedAt: Date)? {
    let state = state as! Persistable
    return runs.isEmpty ? try state.persistedPayload() : try state.persistedPayload(runs: runs)
  }

  /// Restores `snapshot` into `state`, which is left as it was when it throws (every
  /// `restore` decodes before it changes anything).
  static func restore<Persistable: PersistableState>(
    _ snapshot: StoreSnapshot, into state: inout State, as type: Persistable.Type
  ) throws {
    var restored = state as! Persistable
    try restored.restore(payload: snapshot.payload, updatedAt: snapshot.updatedAt)
    state = restored as! State
  }
}
