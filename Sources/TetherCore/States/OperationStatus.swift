/// What data a store holds: none yet, the result of a successful run, or a failure (next to
/// the last good value, if there was one).
///
/// It says nothing about what is happening now; ``FetchStatus`` does.
public enum OperationStatus: String, Sendable, Hashable {
  /// No outcome yet: no value has been fetched (or set), and the latest run did not fail.
  case pending
  /// The latest outcome is a value.
  case success
  /// The latest run failed; a query keeps its previous value next to the error.
  case failure
}

/// What a store is doing now.
public enum FetchStatus: String, Sendable, Hashable {
  /// No run is in flight.
  case idle
  /// A run is in flight.
  case fetching
  /// Every run in flight waits, for the network or for its mutation scope, without spending
  /// an attempt.
  case paused
}

/// The kinds of operation.
public enum OperationKind: String, Sendable, Hashable {
  case query
  case paginatedQuery
  case mutation
}

/// Identifies one run of a store; later runs have greater ids.
public struct OperationRunID: Hashable, Comparable, Sendable, CustomStringConvertible {
  let rawValue: UInt64

  init(rawValue: UInt64) {
    self.rawValue = rawValue
  }

  /// The run's number in its store, from 1.
  public var number: UInt64 { rawValue }

  public static func < (lhs: OperationRunID, rhs: OperationRunID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// `#3`.
  public var description: String { "#\(rawValue)" }
}

/// Why a run waits.
public enum PauseReason: Sendable, Hashable, CustomStringConvertible {
  /// The network is unreachable and the operation's network mode waits for it.
  case offline
  /// Another mutation of the same scope runs first.
  case scope(String)
  /// A retry waits for the application to regain focus (see ``OperationContext/focus``).
  case unfocused

  public var description: String {
    switch self {
    case .offline: "offline"
    case .scope(let id): "waiting for scope \(id.debugDescription)"
    case .unfocused: "unfocused"
    }
  }
}

/// How a cancelled run left the state: with what it had changed, or reverted to before it.
public enum RunCancellation: String, Sendable, Hashable {
  /// `cancel(revert: false)`: the state keeps what the run yielded.
  case kept
  /// The run's changes were undone (`cancel()`, a replacing refetch, the last subscriber
  /// leaving).
  case reverted
}
