import Foundation
import TetherCore
import TetherTerminal

/// What an attempt of a mutation is doing, as the devtools say it: its own status once it
/// ended or while its request is out; `paused` while the mutation waits for the network (or
/// focus, or its scope) and nothing is sent; `waiting` while it waits out a retry's backoff,
/// with the try that comes next and when — never a run time that grows while nothing is sent.
enum AttemptPhase: Equatable {
  case status(AttemptSnapshot.Status)
  case paused
  /// Try `attempt` of `limit` goes at `date`.
  case waiting(attempt: Int, of: Int, at: Date)

  /// `running`, `paused`, `waiting`…
  var label: String {
    switch self {
    case .status(let status): status.rawValue
    case .paused: "paused"
    case .waiting: "waiting"
    }
  }

  /// The label's style in `theme`.
  func style(in theme: DevtoolsTheme) -> Style {
    switch self {
    case .status(let status): theme.style(for: status)
    case .paused: theme.style(for: MutationStatus.paused)
    case .waiting: theme.style(for: StoreStatus.retrying)
    }
  }
}

extension StoreRecord {
  /// What `attempt`, one of this mutation's ``attempts``, is doing: the store's pause and
  /// retry progress belong to its runs in flight, the retry's to the latest.
  func phase(of attempt: AttemptSnapshot) -> AttemptPhase {
    guard attempt.status == .running else { return .status(attempt.status) }
    if snapshot.fetchStatus == .paused { return .paused }
    if attempt.id == attempts.last?.id, let retry = snapshot.retryProgress,
      retry.nextAttemptStartDate == nil
    {
      return .waiting(
        attempt: retry.failedAttemptsInSeries + 1, of: retry.attemptLimitInSeries,
        at: retry.nextAttemptDate)
    }
    return .status(.running)
  }
}
