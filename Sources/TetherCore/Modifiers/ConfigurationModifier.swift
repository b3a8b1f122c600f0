/// A modifier that only writes configuration into the context; the store reads it when it is
/// created. The methods below (`.stale(after:)`, `.deduplicated()`, ...) make one.
public struct ConfigurationModifier<Operation: OperationRequest>: OperationModifier {
  private let configure: @Sendable (inout OperationContext) -> Void

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
    modifier(ConfigurationModifier { $0.deduplicates = isDeduplicated })
  }

  /// Considers a value stale `duration` after it was fetched; stale values are refetched when a
  /// subscriber arrives. By default a value is stale at once.
  public func stale(after duration: Duration) -> ModifiedOperation<
    Self, ConfigurationModifier<Self>
  > {
    modifier(ConfigurationModifier { $0.staleness = .after(duration) })
  }

  /// Never considers a fetched value stale (until it is invalidated).
  public func neverStale() -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.staleness = .never })
  }

  /// Turns automatic running on or off. When off, the store runs only when asked to: not when
  /// a subscriber arrives, not on invalidation, not when a rerun condition changes.
  public func enabled(_ isEnabled: Bool) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.runsAutomatically = isEnabled })
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
    modifier(ConfigurationModifier { $0.rerunConditions.append(condition) })
  }
}

extension QueryRequest {
  /// The value a store holds before its first fetch (and after a reset).
  public func defaultValue(_ value: Value) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0[DefaultValueKey<Value>.self] = value })
  }
}

extension MutationRequest {
  /// Keeps at most `count` attempts in the mutation's history (100 by default), dropping the
  /// oldest.
  public func maxHistory(_ count: Int) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.maxHistory = max(1, count) })
  }
}

extension PaginatedRequest {
  /// Keeps at most `count` pages, dropping pages from the far end: fetching a next page drops
  /// the first pages, fetching a previous page drops the last ones.
  public func maxPages(_ count: Int) -> ModifiedOperation<Self, ConfigurationModifier<Self>> {
    modifier(ConfigurationModifier { $0.maxPages = max(1, count) })
  }
}
