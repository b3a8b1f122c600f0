/// Chooses which stores a client writes to a snapshot.
///
/// By default every query and paginated query with a value of its own is written — a
/// placeholder, a pending store and a failed first fetch have none — and no mutation. A query
/// whose refetch failed keeps its last value, so it is written with that value and its date:
/// unlike TanStack Query's default (successful queries only), a launch offline after a launch
/// offline still opens with data.
///
/// ```swift
/// let snapshot = client.dehydrate(
///   filter: SnapshotFilter(includesPausedMutations: true) { $0.path.hasPrefix(["posts"]) })
/// ```
public struct SnapshotFilter: Sendable {
  /// Whether the paused attempts of mutations are written too, to be sent after a restart
  /// (TanStack's `shouldDehydrateMutation` and `resumePausedMutations`).
  public var includesPausedMutations: Bool
  /// Which queries with a value are written; nil: all of them.
  public var includesQuery: (@Sendable (OperationSnapshot) -> Bool)?

  /// A filter that writes the queries with a value that `includesQuery` accepts (all of them
  /// when nil) and, when asked, the attempts of mutations paused for the network.
  public init(
    includesPausedMutations: Bool = false,
    includesQuery: (@Sendable (OperationSnapshot) -> Bool)? = nil
  ) {
    self.includesPausedMutations = includesPausedMutations
    self.includesQuery = includesQuery
  }

  /// Every query with a value, no mutation.
  public static let `default` = SnapshotFilter()
}

extension OperationKind: Codable {}
