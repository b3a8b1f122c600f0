import Foundation

/// The configuration the built-in modifiers write into a context, kept in plain fields rather
/// than in the context's keyed values so that creating and running a store reads it for free.
struct StoreOptions: Sendable {
  /// Whether concurrent fetches share a run; nil when the operation does not say.
  var deduplicates: Bool?
  /// How long values stay fresh; nil when the operation does not say.
  var staleness: Staleness?
  /// Whether the store runs the operation on its own (subscription, invalidation, reruns).
  var runsAutomatically = true
  /// Conditions that rerun the operation when they become true.
  var rerunConditions: [any RunCondition] = []
  /// The most attempts a mutation's history keeps.
  var maxHistory = 100
  /// The most pages a paginated state keeps, or nil for no limit.
  var maxPages: Int?
  /// The retry limit of the operation's retry modifier, or nil when it has none.
  var retryLimit: Int?
  /// When runs wait for the network.
  var networkMode = NetworkMode.online
  /// How long the store is kept without subscribers; nil when the operation does not say.
  var garbageCollectionDelay: Duration?
  /// How many entries the store's run log keeps; nil when the operation does not say.
  var runLogCapacity: Int?
  /// Mutations sharing a scope run one after another.
  var mutationScope: String?
  /// Whether lifecycle hooks (`onMutate`, …) are installed, so runs without any skip looking.
  var hasRunHooks = false
  /// Whether a retry waits while the application is unfocused (TanStack's default).
  var pausesRetriesWhenUnfocused = true

  init() {}
}

/// How long a fetched value stays fresh.
enum Staleness: Sendable {
  /// Fresh for a duration after it was fetched.
  case after(Duration)
  /// Fresh forever once fetched, even when invalidated (TanStack's `'static'`).
  case never
}

extension OperationContext {
  /// The retry limit of the operation's retry modifier, or nil when it has none.
  public internal(set) var retryLimit: Int? {
    get { options.retryLimit }
    set { options.retryLimit = newValue }
  }

  /// When the operation's runs wait for the network.
  public internal(set) var networkMode: NetworkMode {
    get { options.networkMode }
    set { options.networkMode = newValue }
  }

  /// Whether the store runs the operation on its own.
  public internal(set) var runsAutomatically: Bool {
    get { options.runsAutomatically }
    set { options.runsAutomatically = newValue }
  }

  /// Whether a run of the operation may start now, given the network mode and connectivity:
  /// `.online` runs wait while offline.
  var canStartRun: Bool {
    options.networkMode != .online || connectivity.isSatisfied(in: self)
  }

  /// Whether a run starts its operation at once: it waits for no mutation scope, has no
  /// lifecycle hooks to begin, and may start given the network.
  var startsAtOnce: Bool {
    options.mutationScope == nil && !options.hasRunHooks && canStartRun
  }

  /// Whether a retry may start now: only `.always` retries go on while offline.
  var canRetry: Bool {
    options.networkMode == .always || connectivity.isSatisfied(in: self)
  }

  /// The focus a retry waits for, when it is lost and the operation's retries pause for it.
  var lostFocus: (any RunCondition)? {
    guard options.pausesRetriesWhenUnfocused, let focus, !focus.isSatisfied(in: self) else {
      return nil
    }
    return focus
  }
}

extension Staleness {
  /// Whether a value updated at `updatedAt` is stale at `date`.
  func isStale(updatedAt: Date?, at date: Date) -> Bool {
    guard let updatedAt else { return true }
    switch self {
    case .never: return false
    case .after(let duration): return date >= updatedAt.adding(duration)
    }
  }
}
