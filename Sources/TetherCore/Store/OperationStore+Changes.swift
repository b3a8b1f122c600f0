import Foundation
import TetherSynchronization

/// Changing a store from outside its runs: cancelling, setting the value by hand,
/// invalidating, resetting, placeholders, and the automatic runs these start.
extension OperationStore {
  /// Cancels every run in flight: their callers get ``OperationError/cancelled``, their
  /// retries stop, and their results are never applied.
  ///
  /// - Parameter revert: with `true` (the default, as in TanStack Query), what a cancelled run
  ///   had yielded is undone when nothing else changed the state since; with `false`, the
  ///   state keeps it and says so with `isCancelled`.
  public func cancel(revert: Bool = true) {
    perform(
      update { storage, effects in
        cancelRuns(reverting: revert, in: &storage, effects: &effects) { _ in true }
      })
  }

  /// Sets the current value by hand, e.g. for an optimistic update; subscribers are notified.
  @inlinable
  public func setCurrentValue(_ value: State.CurrentValue) {
    let date = clock.now()
    perform(
      update { storage, effects in
        setValue(value, at: date, in: &storage, effects: &effects)
      })
  }

  /// Reads and changes the current value atomically, e.g. to edit one post in a loaded page.
  ///
  /// `body` runs under the store's lock: it must not call the store.
  @inlinable
  public func withCurrentValue<Result, Failure: Error>(
    _ body: (inout State.CurrentValue) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let date = clock.now()
    let (result, effects) = try withStorage {
      storage throws(Failure) -> (Result, Effects) in
      var value = storage.state.currentValue
      let result = try body(&value)
      var effects = Effects()
      setValue(value, at: date, in: &storage, effects: &effects)
      route(&storage, &effects)
      return (result, effects)
    }
    perform(effects)
    return result
  }

  @inlinable
  func setValue(
    _ value: State.CurrentValue, at date: Date, in storage: inout Storage,
    effects: inout Effects
  ) {
    dropRevertStates(in: &storage)
    apply(.currentValueSet(value, date: date), to: &storage, effects: &effects)
    log(RunLogRecord(.valueSet, at: date), in: &storage)
  }

  /// Shows `placeholder` until the store has a value of its own (nil removes it). The
  /// placeholder is marked as such in the state (`isPlaceholder`) and never becomes the
  /// store's value: it is not counted, not persisted, not stale.
  ///
  /// ```swift
  /// let post = client.store(for: postQuery(id))
  /// post.setPlaceholder(feedPosts.first { $0.id == id })   // the feed's copy, at once
  /// ```
  public func setPlaceholder(_ placeholder: State.CurrentValue?) {
    perform(
      update { storage, effects in
        apply(.placeholderSet(placeholder), to: &storage, effects: &effects)
      })
  }

  /// Marks the value invalid: it is stale until the next successful run, and if the store has
  /// subscribers and runs automatically it is refetched at once — a run in flight is replaced,
  /// since it may have started before what made the value invalid.
  ///
  /// A value that is never stale (`.neverStale()`) ignores invalidation.
  public func invalidate() {
    perform(
      update { storage, effects in
        guard storage.state.isInvalidatable else { return }
        let date = clock.now()
        apply(.invalidated, to: &storage, effects: &effects)
        log(RunLogRecord(.invalidated, at: date), in: &storage)
        guard !storage.subscribers.isEmpty,
          storage.configuration.context.options.runsAutomatically,
          let input = storage.state.automaticRunInput
        else { return }
        if storage.runs.contains(where: { State.mustWait(input, for: $0.input) }) {
          storage.pendingRerun = .invalidate
          return
        }
        var waiters = SmallList<Waiter>()
        replaceRuns(sharing: input, movingWaitersInto: &waiters, in: &storage, effects: &effects)
        startRun(input, trigger: .invalidate, waiters: waiters, in: &storage, effects: &effects)
      })
  }

  /// Cancels every run and returns the state to what it was before the first run, without a
  /// placeholder (the next `store(for:)` of an operation with `.placeholder(_:)` shows one
  /// again). A store with subscribers then runs again if it runs automatically.
  public func reset() {
    perform(
      update { storage, effects in
        cancelRuns(reverting: false, in: &storage, effects: &effects) { _ in true }
        storage.state = State(context: storage.configuration.context)
        storage.pendingRerun = nil
        log(RunLogRecord(.reset, at: clock.now()), in: &storage)
        notify(&storage, effects: &effects)
        startAutomaticRunIfNeeded(.reset, in: &storage, effects: &effects)
      })
  }

  // MARK: Automatic runs

  /// Starts a run of the store's own when automatic running is on, the store has subscribers,
  /// nothing equivalent is in flight, and — for a subscriber, focus or reconnection — the
  /// value is stale. Polling, other conditions, invalidation and reset run regardless.
  @inlinable
  func startAutomaticRunIfNeeded(
    _ trigger: RunTrigger, in storage: inout Storage, effects: inout Effects
  ) {
    let context = storage.configuration.context
    guard context.options.runsAutomatically, !storage.subscribers.isEmpty,
      let input = storage.state.automaticRunInput
    else { return }
    switch trigger {
    case .subscribe, .focus:
      guard storage.state.isStale(at: clock.now()) else { return }
    case .reconnect:
      guard context.options.networkMode != .always, storage.state.isStale(at: clock.now())
      else { return }
    default:
      break
    }
    guard
      !storage.runs.contains(where: {
        State.canShareRun(input, with: $0.input) || State.mustWait(input, for: $0.input)
      })
    else { return }
    startRun(input, trigger: trigger, waiters: SmallList(), in: &storage, effects: &effects)
  }

  /// Runs again on its own for `trigger` (a rerun condition, reconnection), if it should.
  @usableFromInline
  func rerun(_ trigger: RunTrigger) {
    perform(
      update { storage, effects in
        startAutomaticRunIfNeeded(trigger, in: &storage, effects: &effects)
      })
  }

  /// Takes the options of a later `store(for:)` of the same path: they apply from the next
  /// run on; runs in flight keep theirs.
  @usableFromInline
  func reconfigure(with configuration: Configuration, garbageCollectionDelay: Duration) {
    var effects = Effects()
    let warning = withStorage { storage -> String? in
      let previous = storage.configuration.operationType
      storage.configuration = configuration
      storage.state.apply(.configured(configuration.context))
      // A new stale time moves the stale timer of an observed store.
      if !storage.subscribers.isEmpty { updateStaleTimer(&storage, effects: &effects) }
      if let capacity = configuration.context.options.runLogCapacity,
        capacity != storage.log.capacity
      {
        storage.log.resize(to: capacity)
      }
      storage.garbageCollectionDelay = max(
        storage.garbageCollectionDelay, garbageCollectionDelay)
      guard previous != configuration.operationType, !storage.hasWarned else { return nil }
      storage.hasWarned = true
      return
        "store(for:) at \(path) with \(String(reflecting: configuration.operationType)), but "
        + "the store was made with \(String(reflecting: previous)); the latest operation and "
        + "its modifiers apply from the next run"
    }
    perform(effects)
    if let warning { client?.warn(warning, at: path) }
  }
}
