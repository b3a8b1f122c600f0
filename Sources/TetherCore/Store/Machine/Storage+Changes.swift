import Foundation

/// The machine's transitions from outside the runs: values set by hand, placeholders,
/// invalidation, reset, a new configuration, a restored snapshot, and the automatic runs these
/// start.
extension OperationStore.Storage {
  @inlinable
  mutating func setValue(_ value: State.CurrentValue) {
    dropRevertStates()
    apply(.currentValueSet(value, date: now))
    record(RunLogRecord(.valueSet, at: now))
  }

  /// Marks the value invalid; a store with subscribers that runs on its own refetches at once,
  /// replacing a run in flight (it may have started before what made the value invalid).
  mutating func invalidate() {
    guard state.isInvalidatable else { return }
    apply(.invalidated)
    record(RunLogRecord(.invalidated, at: now))
    guard !subscribers.isEmpty, configuration.context.options.runsAutomatically,
      let input = state.automaticRunInput
    else { return }
    if runs.contains(where: { State.mustWait(input, for: $0.input) }) {
      pendingRerun = .invalidate
      return
    }
    var waiters = SmallList<OperationStore.Waiter>()
    replaceRuns(sharing: input, movingWaitersInto: &waiters)
    startRun(input, trigger: .invalidate, waiters: waiters)
  }

  /// Cancels every run and goes back to the first state; a store with subscribers runs again.
  mutating func reset() {
    cancelRuns(reverting: false) { _ in true }
    state = State(context: configuration.context)
    pendingRerun = nil
    record(RunLogRecord(.reset, at: now))
    notify()
    startAutomaticRunIfNeeded(.reset)
  }

  /// Starts a run of the store's own when automatic running is on, the store has subscribers,
  /// nothing equivalent is in flight, and — for a subscriber, focus or reconnection — the
  /// value is stale. Polling, other conditions, invalidation and reset run regardless.
  @usableFromInline
  mutating func startAutomaticRunIfNeeded(_ trigger: RunTrigger) {
    let options = configuration.context.options
    guard options.runsAutomatically, !subscribers.isEmpty,
      let input = state.automaticRunInput
    else { return }
    switch trigger {
    case .subscribe, .focus:
      guard state.isStale(at: now) else { return }
    case .reconnect:
      guard options.networkMode != .always, state.isStale(at: now) else { return }
    default:
      break
    }
    guard
      !runs.contains(where: {
        State.canShareRun(input, with: $0.input) || State.mustWait(input, for: $0.input)
      })
    else { return }
    startRun(input, trigger: trigger, waiters: SmallList())
  }

  /// A run in the background for a stale value while nothing runs (`ensureValue`).
  mutating func revalidateIfStale() {
    guard state.hasValue, state.isStale(at: now), runs.isEmpty,
      let input = state.refetchInput
    else { return }
    startRun(input, trigger: .fetch, waiters: SmallList())
  }

  /// Takes the options of a later `store(for:)` of the same path: they apply from the next
  /// run on; runs in flight keep theirs.
  mutating func reconfigure(
    with configuration: OperationStore.Configuration, garbageCollectionDelay: Duration
  ) {
    let previous = self.configuration.operationType
    self.configuration = configuration
    state.apply(.configured(configuration.context))
    // A new stale time moves the stale timer of an observed store.
    if !subscribers.isEmpty { updateStaleTimer() }
    if let capacity = configuration.context.options.runLogCapacity, capacity != log.capacity {
      log.resize(to: capacity)
    }
    self.garbageCollectionDelay = max(self.garbageCollectionDelay, garbageCollectionDelay)
    guard previous != configuration.operationType, !hasWarned else { return }
    hasWarned = true
    effects.actions.append(
      .warn(
        "with \(String(reflecting: configuration.operationType)), but the store was made "
          + "with \(String(reflecting: previous)); the latest operation and its modifiers "
          + "apply from the next run"))
  }

  /// Takes a snapshot's value, restored into `restored`: it is stale, so a store with
  /// subscribers refetches it.
  mutating func restore(_ restored: State) {
    state = restored
    dropRevertStates()
    record(RunLogRecord(.valueSet, at: now))
    notify()
    startAutomaticRunIfNeeded(.invalidate)
  }
}
