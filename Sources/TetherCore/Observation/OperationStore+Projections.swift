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
    // Made here, so that the delivery is specialised for the state and the projected type:
    // the comparison is that type's `==`, inlined, and the projection reads the state where
    // the store's box keeps it (see `Subscriber.project`), without copying it.
    let last = ProjectionCell<Projection>()
    return subscribe(
      Subscriber(project: { state in
        let value = projection(state)
        if last.replace(with: value) { handler(value) }
      }))
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
    let last = ProjectionCell<StateStamp>()
    return subscribe(
      Subscriber(project: { state in
        if last.replace(with: StateStamp(state, properties)) { handler(state) }
      }))
  }
}
