/// Projections: subscribers told only of the changes they care about (TanStack's `select` and
/// `notifyOnChangeProps`).
///
/// A projection runs on the delivering thread for every change, so it must be cheap (read a
/// field, not sort a list); the comparison that follows costs one `==`, specialised for the
/// projected type where the subscription is made. No lock, no allocation and no copy of the
/// state per subscriber: 1,000 subscribers each projecting a different field cost less than one
/// subscriber taking the 1,000 fields through the same projections (the `projections` row of
/// `tether-bench core`).
extension OperationStore {
  /// Calls `handler` with `projection` of the current state, then each time the projection
  /// of a new state differs (by `==`), until the subscription ends. A subscriber that shows one
  /// field of a value redraws when that field changes, not for every fetch, retry or status
  /// change of the store.
  ///
  /// ```swift
  /// let title = store.subscribe(select: \.currentValue?.title) { title in show(title) }
  /// let count = store.subscribe(select: { $0.currentValue?.count ?? 0 }, onChange: show)
  /// ```
  ///
  /// Like TanStack's `select`, the projection sees every state, the store's other subscribers
  /// are unaffected, and the subscription counts as a subscriber (a stale store fetches).
  /// Unlike it, the projected value is compared by `Equatable` rather than by reference after
  /// structural sharing: an equal value fetched again calls nobody.
  @inlinable
  public func subscribe<Projection: Equatable & Sendable>(
    select projection: @escaping @Sendable (State) -> Projection,
    onChange handler: @escaping @Sendable (Projection) -> Void
  ) -> OperationSubscription {
    // Made here, where it is called, so that the delivery is specialised for the state and
    // the projected type: the comparison is that type's `==`, inlined, and the projection
    // reads the state where the store's box keeps it (see `Subscriber.project`), without
    // copying it.
    //
    // The last projected value is kept in the header of a `ManagedBuffer` and read through its
    // pointer, which checks no exclusivity (a captured `var` would, twice per subscriber and
    // change), and without a lock: a store calls its subscribers one delivery at a time and
    // hands delivery from thread to thread under its lock (see ``OperationStore``), so it is
    // never touched by two threads at once and each delivery sees the previous one's write.
    // A lock would cost every subscriber of a busy store one more atomic pair per change,
    // which is what projections exist to save.
    nonisolated(unsafe) let last = ManagedBuffer<Projection?, Void>.create(minimumCapacity: 0) {
      _ in nil
    }
    return projectedSubscription { state in
      let value = projection(state)
      let isChanged = last.withUnsafeMutablePointerToHeader { last in
        if let kept = last.pointee, kept == value { return false }
        last.pointee = value
        return true
      }
      if isChanged { handler(value) }
    }
  }

  /// Calls `handler` with the current state, then with each new state in which one of
  /// `properties` changed (TanStack's `notifyOnChangeProps`).
  ///
  /// ```swift
  /// // A list row shows the value and whether it loads; retries and pauses don't redraw it.
  /// let row = store.subscribe(notifyingOn: [.value, .status]) { state in draw(state) }
  /// ```
  public func subscribe(
    notifyingOn properties: StateProperties,
    _ handler: @escaping @Sendable (State) -> Void
  ) -> OperationSubscription {
    guard properties != .all else { return subscribe(handler) }
    // The stamp reads the asked-for fields where the store keeps the state (see
    // `Subscriber.project`); `handler` gets the state only when one of them changed.
    // The last stamp is kept as `subscribe(select:onChange:)` keeps its last value.
    nonisolated(unsafe) let last = ManagedBuffer<StateStamp?, Void>.create(minimumCapacity: 0) {
      _ in nil
    }
    return projectedSubscription { state in
      let stamp = StateStamp(state, properties)
      let isChanged = last.withUnsafeMutablePointerToHeader { last in
        if let kept = last.pointee, kept == stamp { return false }
        last.pointee = stamp
        return true
      }
      if isChanged { handler(state) }
    }
  }
}
