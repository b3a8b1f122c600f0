import Foundation
import TetherSynchronization

/// Changing a store from outside its runs: cancelling, setting the value by hand,
/// invalidating, resetting, placeholders, a later `store(for:)`.
extension OperationStore {
  /// Cancels every run in flight: their callers get ``OperationError/cancelled``, their
  /// retries stop, and their results are never applied.
  ///
  /// - Parameter revert: with `true` (the default, as in TanStack Query), what a cancelled run
  ///   had yielded is undone when nothing else changed the state since; with `false`, the
  ///   state keeps it and says so with `isCancelled`.
  public func cancel(revert: Bool = true) {
    send(.cancel(revert: revert))
  }

  /// Sets the current value by hand, e.g. for an optimistic update; subscribers are notified.
  public func setCurrentValue(_ value: State.CurrentValue) {
    send(.setValue(value))
  }

  /// Reads and changes the current value atomically, e.g. to edit one post in a loaded page.
  ///
  /// `body` runs under the store's lock: it must not call the store.
  public func withCurrentValue<Result, Failure: Error>(
    _ body: (inout State.CurrentValue) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let date = clock.now()
    let isListening = events?.isListening == true
    // A step of the machine without an `Input`, as `change`: this code is compiled once for
    // every state and result type, where making and reading an input of the store's generic
    // type, or a tuple of the result and the effects, costs a lookup of its metadata per call
    // (a change with one subscriber reading 1,000 fields: 2.8 µs CPU, 2.4 µs without them).
    var effects = StoreMachine.Effects()
    let result = try withStorage { storage throws(Failure) -> Result in
      var value = storage.state.currentValue
      let result = try body(&value)
      storage.machine.begin(at: date, isListening: isListening)
      storage.setValue(value)
      effects = storage.machine.end()
      return result
    }
    perform(effects)
    return result
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
    send(.setPlaceholder(placeholder))
  }

  /// Marks the value invalid: it is stale until the next successful run, and if the store has
  /// subscribers and runs automatically it is refetched at once — a run in flight is replaced,
  /// since it may have started before what made the value invalid.
  ///
  /// A value that is never stale (`.neverStale()`) ignores invalidation.
  public func invalidate() {
    send(.invalidate)
  }

  /// Cancels every run and returns the state to what it was before the first run, without a
  /// placeholder (the next `store(for:)` of an operation with `.placeholder(_:)` shows one
  /// again). A store with subscribers then runs again if it runs automatically.
  public func reset() {
    send(.reset)
  }

  /// Runs again on its own for `trigger` (a rerun condition, reconnection), if it should.
  func rerun(_ trigger: RunTrigger) {
    send(.rerun(trigger))
  }

  /// Takes the options of a later `store(for:)` of the same path: they apply from the next
  /// run on; runs in flight keep theirs.
  func reconfigure(with configuration: Configuration, garbageCollectionDelay: Duration) {
    send(.reconfigure(configuration, garbageCollectionDelay: garbageCollectionDelay))
  }
}
