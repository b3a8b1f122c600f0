import TetherSynchronization

/// What an optimistic update remembers: the path it changed and the values to put back if the
/// mutation fails.
public struct OptimisticUpdate: Sendable {
  /// What an optimistic update does with the runs in flight under its path when an attempt
  /// starts.
  public enum RunsInFlight: Sendable, Hashable {
    /// Cancels them, as TanStack Query's guide does (`cancelQueries` in `onMutate`): older
    /// data cannot overwrite the change, but a load the screen waits for (a page, the first
    /// load) ends cancelled.
    case cancel
    /// Lets them finish, and makes the change again on the value each stores when it ends —
    /// even after the attempt succeeded — so a first load or a next page goes on, and its
    /// older data still cannot undo the change. A value a run keeps (the pages before a next
    /// page) is then changed twice: write the change so that making it again is harmless (set
    /// a title, remove by id). Runs started later are left alone, as with `.cancel`. A
    /// rollback after such a run puts back the value it stored and invalidates the store,
    /// since what was captured before it is older than what the server said since.
    case wait
  }

  /// The prefix of the query stores it changed.
  public let prefix: OperationPath
  let client: ClientReference?
  let record: OptimisticRecord?
  let invalidatesWhenSettled: Bool

  /// Puts back the values the update changed.
  func rollBack() {
    record?.rollBack()
  }

  /// The attempt settled: invalidates the path if asked. After a success the runs still in
  /// flight that were followed get the change on what they store, as before.
  func settle() {
    record?.settle()
    if invalidatesWhenSettled { client?.client?.invalidate(matching: prefix) }
  }
}

/// The values an optimistic update changed, what to put back, and — with
/// ``OptimisticUpdate/RunsInFlight/wait`` — the runs in flight it makes the change again after.
final class OptimisticRecord: Sendable {
  private struct Entry {
    let store: any ManagedStore
    var previous: any Sendable
    /// Whether a run stored a value since the change was first made.
    var wasOverwritten = false
  }

  private struct State {
    var entries: [ObjectIdentifier: Entry] = [:]
    var running: Set<ObjectIdentifier> = []
    var watch: OperationSubscription?
    /// Rolled back: no change is made any more.
    var isFinished = false
    var isSettled = false

    /// The watch to cancel now that nothing is left to follow.
    mutating func endedWatch() -> OperationSubscription? {
      guard isFinished || (isSettled && running.isEmpty) else { return nil }
      defer { watch = nil }
      return watch
    }
  }

  private let state = SanitizerVisibleMutex(State())

  /// Captures the values under `prefix`, then changes them with `change`; with `.wait`,
  /// follows the runs in flight there and changes what each stores again.
  init<Target: Sendable>(
    client: OperationClient, prefix: OperationPath, runsInFlight: OptimisticUpdate.RunsInFlight,
    type: Target.Type, change: @escaping @Sendable (inout Target) -> Void
  ) {
    if runsInFlight == .cancel { client.cancel(matching: prefix) }
    var entries: [ObjectIdentifier: Entry] = [:]
    var running: Set<ObjectIdentifier> = []
    for store in client.managedStores(matching: prefix) {
      let id = ObjectIdentifier(store)
      if let value = store.capturedValue() { entries[id] = Entry(store: store, previous: value) }
      if runsInFlight == .wait, store.isRunning { running.insert(id) }
    }
    state.withLock { state in
      state.entries = entries
      state.running = running
    }
    client.updateValues(matching: prefix, of: type, change)
    guard !running.isEmpty else { return }
    // Held by the watch until the runs followed have ended or the change is rolled back,
    // which cancels it: after a success the update outlives its attempt.
    let watch = client.subscribeToEvents { event in
      guard case .runLogged(let entry, let store) = event, let managed = store as? any ManagedStore
      else { return }
      self.runLogged(entry.event, in: managed, type: type, change: change)
    }
    let ended = state.withLock { state in
      state.watch = watch
      return state.endedWatch()
    }
    ended?.cancel()
  }

  /// A run of a followed store logged `event`: when it stored a value, the change is made
  /// again on it; once it ended, the store is no longer followed.
  private func runLogged<Target: Sendable>(
    _ event: RunLogEvent, in store: any ManagedStore, type: Target.Type,
    change: @escaping @Sendable (inout Target) -> Void
  ) {
    let storesValue: Bool
    switch event {
    case .yielded, .succeeded, .cancelled(_, reverted: true): storesValue = true
    default: storesValue = false
    }
    guard storesValue || event.endsRun else { return }
    let id = ObjectIdentifier(store)
    let (follows, ended) = state.withLock { state -> (Bool, OperationSubscription?) in
      guard !state.isFinished, state.running.contains(id) else { return (false, nil) }
      // The first run to end is the one that was in flight: a run started since (a refetch
      // that replaced it, one the settled attempt's invalidation started) reads the server
      // after the write, and is not changed.
      if event.endsRun { state.running.remove(id) }
      guard storesValue, let value = store.capturedValue() else {
        return (false, state.endedWatch())
      }
      if state.entries[id] == nil { state.entries[id] = Entry(store: store, previous: value) }
      state.entries[id]?.previous = value
      state.entries[id]?.wasOverwritten = true
      return (true, state.endedWatch())
    }
    if follows, let updating = store as? any ValueUpdating {
      _ = updating.updateValues(of: type, change, isUnchanged: nil)
    }
    ended?.cancel()
  }

  /// Puts back what was captured; a store a run wrote since is invalidated too.
  func rollBack() {
    let (entries, ended) = state.withLock { state in
      state.isFinished = true
      return (Array(state.entries.values), state.endedWatch())
    }
    ended?.cancel()
    for entry in entries {
      entry.store.restore(capturedValue: entry.previous)
      if entry.wasOverwritten { entry.store.invalidate() }
    }
  }

  /// The attempt settled: runs are followed until those in flight at the start have ended.
  func settle() {
    state.withLock { state in
      state.isSettled = true
      return state.endedWatch()
    }?.cancel()
  }
}
