/// A modifier that only writes configuration into the context; the store reads it when it is
/// created or reconfigured. The methods below (`.stale(after:)`, `.deduplicated()`, ...) make
/// one.
public struct ConfigurationModifier<Operation: OperationRequest>: OperationModifier {
  let configure: @Sendable (inout OperationContext) -> Void

  init(_ configure: @escaping @Sendable (inout OperationContext) -> Void) {
    self.configure = configure
  }

  public func setup(context: inout OperationContext, using operation: Operation) {
    configure(&context)
  }
}

extension OperationRequest {
  /// Makes concurrent fetches of one store share the run in flight instead of starting their
  /// own. A client's stores deduplicate queries by default.
  public func deduplicated(_ isDeduplicated: Bool = true) -> ModifiedOperation<
    Self, ConfigurationModifier<Self>
  > {
    modifier(ConfigurationModifier { $0.options.deduplicates = isDeduplicated })
  }

  /// Considers a value stale `duration` after it was fetched; stale values are refetched when a
  /// subscriber arrives. By default a value is stale at once.
  public func stale(after duration: Duration) -> ModifiedOperation<
    Self, ConfigurationModifier<Self>
  > {
    modifier(ConfigurationModifier { $0.options.staleness = .after(duration) })
  }

  /// Never considers a fetched value stale, and ignores invalidation (TanStack's `'static'`):
  /// it is fetched once, then only when asked by name (`refetch()`, `fetch()`), never by
  /// `invalidate(matching:)` or `refetch(matching:)`.
  public func neverStale() -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.options.staleness = .never })
  }

  /// Turns automatic running on or off. When off, the store runs only when asked to: not when
  /// a subscriber arrives, not on invalidation, reconnection or a rerun condition, and not by
  /// `client.refetch(matching:)`.
  public func enabled(_ isEnabled: Bool) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.options.runsAutomatically = isEnabled })
  }

  /// Reruns the operation each time `condition` becomes true while the store has subscribers,
  /// e.g. a polling interval, focus regained or connectivity restored.
  ///
  /// ```swift
  /// query.rerunOnChange(of: .polling(every: .seconds(30)) && connectivity)
  /// ```
  public func rerunOnChange(
    of condition: some RunCondition
  ) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.options.rerunConditions.append(condition) })
  }

  /// When the operation's runs wait for the network (`.online` by default): see
  /// ``NetworkMode``.
  public func networkMode(_ mode: NetworkMode) -> ModifiedOperation<
    Self, ConfigurationModifier<Self>
  > {
    modifier(ConfigurationModifier { $0.options.networkMode = mode })
  }

  /// Removes the store `duration` after its last subscriber left (the client's default is 5
  /// minutes). When several `store(for:)` of one path ask, the store keeps the longest.
  public func removeWhenUnused(after duration: Duration) -> ModifiedOperation<
    Self, ConfigurationModifier<Self>
  > {
    modifier(ConfigurationModifier { $0.options.garbageCollectionDelay = max(.zero, duration) })
  }

  /// Keeps at most `capacity` entries in the store's run log (the client's default is 64;
  /// 0 keeps none).
  public func runLog(capacity: Int) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.options.runLogCapacity = max(0, capacity) })
  }
}

extension QueryRequest {
  /// The value a store holds before its first fetch (and after a reset).
  public func defaultValue(_ value: Value) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0[DefaultValueKey<Value>.self] = value })
  }

  /// Stale time as a function of the state: how long the value stays fresh, decided each time
  /// it is asked (a draft stays fresh, a published post for a minute).
  ///
  /// ```swift
  /// postQuery(id).stale { state in state.currentValue?.isDraft == true ? .seconds(3600) : .seconds(60) }
  /// ```
  public func stale(
    after duration: @escaping @Sendable (QueryState<Value, Failure>) -> Duration
  ) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(
      ConfigurationModifier {
        $0.options.staleness = .after(.zero)
        $0[StaleTimeKey<QueryState<Value, Failure>>.self] = duration
      })
  }

  /// Shows a placeholder until the store has a value of its own: `placeholder` is asked when
  /// the store is made, and at each later `store(for:)` while there is no value. It may read
  /// other stores through the client — the post taken from a loaded feed page, say. The
  /// placeholder is marked as such (`isPlaceholder`) and never cached as the store's value.
  ///
  /// ```swift
  /// postQuery(id).placeholder { client in
  ///   client.store(for: feed).state.pages.lazy.flatMap(\.value.posts).first { $0.id == id }
  /// }
  /// ```
  public func placeholder(
    _ placeholder: @escaping @Sendable (OperationClient) -> Value?
  ) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0[PlaceholderKey<Value>.self] = placeholder })
  }
}

extension PaginatedRequest {
  /// Keeps at most `count` pages, dropping pages from the far end: fetching a next page drops
  /// the first pages, fetching a previous page drops the last ones.
  public func maxPages(_ count: Int) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.options.maxPages = max(1, count) })
  }

  /// Stale time as a function of the state.
  public func stale(
    after duration: @escaping @Sendable (PaginatedState<PageID, PageValue, Failure>) -> Duration
  ) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(
      ConfigurationModifier {
        $0.options.staleness = .after(.zero)
        $0[StaleTimeKey<PaginatedState<PageID, PageValue, Failure>>.self] = duration
      })
  }
}

extension MutationRequest {
  /// Keeps at most `count` attempts in the mutation's history (100 by default), dropping the
  /// oldest.
  public func maxHistory(_ count: Int) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.options.maxHistory = max(1, count) })
  }

  /// Runs this mutation's attempts one after another with every other mutation of the client
  /// that has the same scope `id`, in the order they were asked for (TanStack's `scope`). An
  /// attempt waiting for its turn is paused (`fetchStatus == .paused`).
  ///
  /// ```swift
  /// api.mutation(["post", "edit"]) { ... }.scope("post-\(id)")   // edits of a post in order
  /// ```
  public func scope(_ id: String) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.options.mutationScope = id })
  }
}

/// The placeholder of a query's store, from `.placeholder(_:)`.
enum PlaceholderKey<Value: Sendable>: OperationContextKey {
  static var defaultValue: (@Sendable (OperationClient) -> Value?)? { nil }
}
