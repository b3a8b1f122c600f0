import Foundation
import TetherCore
import TetherTerminal

/// The label a query store gets in the store view, as in TanStack Query Devtools, with one
/// more: the first rule that holds wins.
///
/// 1. a run is fetching: **fetching** (blue) while its request is out, **retrying** (cyan)
///    while it waits out the backoff before its next attempt — no request is out then, so the
///    header's `fetching` count matches the requests in flight an app's status bar counts;
/// 2. every run in flight waits for the network or a mutation scope: **paused** (purple);
/// 3. the latest run failed: **error** (red);
/// 4. nobody subscribes: **inactive** (gray);
/// 5. the value is stale: **stale** (yellow);
/// 6. otherwise: **fresh** (green).
///
/// TanStack checks "inactive" before "paused" and has no "error" label; here a paused run and
/// a failure outrank "inactive" because they are what one looks for when something is wrong,
/// and a paused run is in flight: it resumes by itself when the network returns.
public enum StoreStatus: String, CaseIterable, Sendable, Hashable {
  case fetching, retrying, paused, stale, fresh, inactive, error

  /// The label of a store whose snapshot is `snapshot`, at `now`, given the date its value
  /// goes stale (nil when it never does).
  public init(_ snapshot: OperationSnapshot, staleDate: Date?, at now: Date) {
    if snapshot.fetchStatus == .fetching {
      let isWaiting = snapshot.retryProgress.map { $0.nextAttemptStartDate == nil } ?? false
      self = isWaiting ? .retrying : .fetching
    } else if snapshot.fetchStatus == .paused {
      self = .paused
    } else if snapshot.status == .failure {
      self = .error
    } else if snapshot.subscriberCount == 0 {
      self = .inactive
    } else if StoreStatus.isStale(snapshot, staleDate: staleDate, at: now) {
      self = .stale
    } else {
      self = .fresh
    }
  }

  /// Whether the value is stale at `now`: stale when the snapshot said so, or once the stale
  /// date has passed.
  static func isStale(_ snapshot: OperationSnapshot, staleDate: Date?, at now: Date) -> Bool {
    if snapshot.isStale { return true }
    guard let staleDate else { return false }
    return now >= staleDate
  }

  /// The colour of the label.
  public var color: Color {
    switch self {
    case .fetching: .blue
    case .retrying: .cyan
    case .paused: .magenta
    case .stale: .yellow
    case .fresh: .green
    case .inactive: .brightBlack
    case .error: .red
    }
  }

  /// The label drawn in its colour, in the default theme (a ``DevtoolsTheme``
  /// draws it in its own).
  public var style: Style { DevtoolsTheme().style(for: self) }
}

/// The label a mutation store gets, from its latest attempt: **paused** (purple),
/// **pending** while it runs (yellow), **error** (red), **success** (green), **idle** before
/// any attempt (gray) — TanStack Query Devtools' mutation colours.
public enum MutationStatus: String, CaseIterable, Sendable, Hashable {
  case paused, pending, success, error, idle

  /// The label of a mutation store in `snapshot`: paused or pending while it runs, else from
  /// its status.
  public init(_ snapshot: OperationSnapshot) {
    if snapshot.fetchStatus == .paused {
      self = .paused
    } else if snapshot.fetchStatus == .fetching {
      self = .pending
    } else {
      switch snapshot.status {
      case .failure: self = .error
      case .success: self = .success
      case .pending: self = .idle
      }
    }
  }

  public var color: Color {
    switch self {
    case .paused: .magenta
    case .pending: .yellow
    case .success: .green
    case .error: .red
    case .idle: .brightBlack
    }
  }

  /// The label drawn in its colour, in the default theme.
  public var style: Style { DevtoolsTheme().style(for: self) }
}
