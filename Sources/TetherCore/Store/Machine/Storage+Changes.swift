import Foundation

/// The machine's transitions from outside the runs: values set by hand, placeholders,
/// invalidation, reset, a new configuration, a restored snapshot, and the automatic runs these
/// start.
extension OperationStore.Storage {
  mutating func setValue(_ value: State.CurrentValue) {
    machine.dropRevertStates()
    apply(.currentValueSet(value, date: machine.now))
    machine.record(RunLogRecord(.valueSet, at: machine.now))
  }

  /// Marks the value invalid; a store with subscribers that runs on its own refetches at once,
  /// replacing a run in flight (it may have started before what made the value invalid).
  mutating func invalidate() {
    guard state.isInvalidatable else { return }
    apply(.invalidated)
    machine.record(RunLogRecord(.invalidated, at: machine.now))
    guard machine.hasSubscribers, configuration.context.options.runsAutomatically,
      let input = state.automaticRunInput
    else { return }
    if machine.runs.contains(where: { State.mustWait(input, for: Self.input($0.input)) }) {
      machine.pendingRerun = .invalidate
      return
    }
    startRun(input, trigger: .invalidate, waiter: nil, replacingRunsRestoring: nil)
  }

  /// Cancels every run and goes back to the first state; a store with subscribers runs again.
  mutating func reset() {
    cancelRuns(reverting: false) { _ in true }
    state = State(context: configuration.context)
    machine.pendingRerun = nil
    machine.record(RunLogRecord(.reset, at: machine.now))
    notify()
    startAutomaticRunIfNeeded(.reset)
  }

  /// Starts a run of the store's own when automatic running is on, the store has subscribers,
  /// nothing equivalent is in flight, and — for a subscriber, focus or reconnection — the
  /// value is stale. Polling, other conditions, invalidation and reset run regardless.
  mutating func startAutomaticRunIfNeeded(_ trigger: RunTrigger) {
    let options = configuration.context.options
    guard options.runsAutomatically, machine.hasSubscribers,
      let input = state.automaticRunInput
    else { return }
    switch trigger {
    case .subscribe, .focus:
      guard state.isStale(at: machine.now) else { return }
    case .reconnect:
      guard options.networkMode != .always, state.isStale(at: machine.now) else { return }
    default:
      break
    }
    guard
      !machine.runs.contains(where: {
        let running = Self.input($0.input)
        return State.canShareRun(input, with: running) || State.mustWait(input, for: running)
      })
    else { return }
    startRun(input, trigger: trigger, waiter: nil)
  }

  /// A run in the background for a stale value while nothing runs (`ensureValue`).
  mutating func revalidateIfStale() {
    guard state.hasValue, state.isStale(at: machine.now), !machine.hasRuns,
      let input = state.refetchInput
    else { return }
    startRun(input, trigger: .fetch, waiter: nil)
  }

  /// Takes the options of a later `store(for:)` of the same path: they apply from the next
  /// run on; runs in flight keep theirs.
  mutating func reconfigure(
    with configuration: OperationStore.Configuration, garbageCollectionDelay: Duration
  ) {
    let previous = self.configuration.operationType
    self.configuration = configuration
    machine.deduplicates = configuration.deduplicates
    state.apply(.configured(configuration.context))
    // A new stale time moves the stale timer of an observed store.
    if machine.hasSubscribers { machine.updateStaleTimer(freshUntil: state.freshUntil) }
    machine.reconfigure(
      logCapacity: configuration.context.options.runLogCapacity,
      garbageCollectionDelay: garbageCollectionDelay)
    guard previous != configuration.operationType, !machine.hasWarned else { return }
    machine.hasWarned = true
    machine.effects.actions.append(
      .warn(
        "with \(String(reflecting: configuration.operationType)), but the store was made "
          + "with \(String(reflecting: previous)); the latest operation and its modifiers "
          + "apply from the next run"))
  }

  /// After the state took a snapshot's value: it is stale, so a store with subscribers
  /// refetches it.
  mutating func restored() {
    machine.dropRevertStates()
    machine.record(RunLogRecord(.valueSet, at: machine.now))
    notify()
    startAutomaticRunIfNeeded(.invalidate)
  }
}
