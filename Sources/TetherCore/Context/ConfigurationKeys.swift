/// How long a fetched value stays fresh.
enum Staleness: Sendable {
  case after(Duration)
  case never
}

private enum DeduplicationKey: OperationContextKey {
  static let defaultValue: Bool? = nil
}

private enum StalenessKey: OperationContextKey {
  static let defaultValue: Staleness? = nil
}

private enum AutomaticRunningKey: OperationContextKey {
  static let defaultValue = true
}

private enum RerunConditionsKey: OperationContextKey {
  static let defaultValue: [any RunCondition] = []
}

private enum MaxHistoryKey: OperationContextKey {
  static let defaultValue = 100
}

private enum MaxPagesKey: OperationContextKey {
  static let defaultValue: Int? = nil
}

enum DefaultValueKey<Value: Sendable>: OperationContextKey {
  static var defaultValue: Value? { nil }
}

extension OperationContext {
  /// Whether concurrent fetches share a run; nil when the operation does not say.
  var deduplicates: Bool? {
    get { self[DeduplicationKey.self] }
    set { self[DeduplicationKey.self] = newValue }
  }

  /// How long values stay fresh; nil when the operation does not say.
  var staleness: Staleness? {
    get { self[StalenessKey.self] }
    set { self[StalenessKey.self] = newValue }
  }

  /// Whether the store runs the operation on its own (subscription, invalidation, reruns).
  var runsAutomatically: Bool {
    get { self[AutomaticRunningKey.self] }
    set { self[AutomaticRunningKey.self] = newValue }
  }

  /// Conditions that rerun the operation when they become true.
  var rerunConditions: [any RunCondition] {
    get { self[RerunConditionsKey.self] }
    set { self[RerunConditionsKey.self] = newValue }
  }

  /// The most attempts a mutation's history keeps.
  var maxHistory: Int {
    get { self[MaxHistoryKey.self] }
    set { self[MaxHistoryKey.self] = newValue }
  }

  /// The most pages a paginated state keeps, or nil for no limit.
  var maxPages: Int? {
    get { self[MaxPagesKey.self] }
    set { self[MaxPagesKey.self] = newValue }
  }
}
