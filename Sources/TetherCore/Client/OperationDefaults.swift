import Foundation

/// What a client applies to every operation that does not say otherwise.
///
/// An operation's own modifiers always win: a query with `.retry(limit: 0)` never gets the
/// default retry, one with `.stale(after:)` keeps its own staleness.
public struct OperationDefaults: Sendable {
  /// Retries of a failed query run (and of a paginated query's run).
  public var queryRetryLimit = 3
  /// Retries of a failed mutation run.
  public var mutationRetryLimit = 0
  /// The delay before each default retry: exponential from 1 s, capped at 30 s.
  public var backoff = Backoff.default
  /// How long a fetched value stays fresh: zero, so it is stale at once.
  public var staleDuration = Duration.zero
  /// Whether concurrent fetches of a query share one run.
  public var deduplicatesQueries = true
  /// How long a store without subscribers is kept before it is removed
  /// (`.removeWhenUnused(after:)` sets it per operation).
  public var garbageCollectionDelay = Duration.seconds(300)
  /// How many entries each store's run log keeps (`.runLog(capacity:)` sets it per
  /// operation; 0 keeps none).
  public var runLogCapacity = 64
  /// Where warnings about misuse go, besides the client's event stream: standard error in
  /// debug builds, nowhere in release builds.
  public var warningHandler: (@Sendable (String) -> Void)? = Self.debugWarningHandler

  /// The defaults of a client that says nothing else: 3 retries for queries, none for mutations,
  /// data stale at once, deduplicated runs.
  public init() {}

  #if DEBUG
    private static let debugWarningHandler: (@Sendable (String) -> Void)? = { message in
      FileHandle.standardError.write(Data("TetherCore warning: \(message)\n".utf8))
    }
  #else
    private static let debugWarningHandler: (@Sendable (String) -> Void)? = nil
  #endif
}
