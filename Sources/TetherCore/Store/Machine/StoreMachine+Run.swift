import Foundation

extension StoreMachine {
  /// A run in flight, as the machine keeps it; what depends on the operation's types is
  /// opaque to it: the input (a `State.RunInput`) and the state to revert to (a
  /// ``TypedStateBox``), which the typed shell reads.
  struct Run: Sendable {
    let id: OperationRunID
    let trigger: RunTrigger
    let startDate: Date
    /// Nil for a query's (`Void`), so that a fetch copies no existential.
    let input: (any Sendable)?
    var task: Task<Void, Never>?
    /// Callers waiting for this run's result.
    var waiters: SmallList<Waiter>
    /// Callers waiting for this run to end before they derive their own input.
    var deferred = SmallList<Waiter>()
    /// The attempt in flight, from 1.
    var attempt = 1
    var pausedSince: Date?
    /// The state before the run's first yield, to revert to if it is cancelled; dropped as
    /// soon as anything else changes the state.
    var revertState: StateBox?
    /// What the run keeps across its attempts (the pages a refetch has fetched).
    var progress: (any Sendable)?
    /// The contexts its lifecycles' `onMutate` returned, as JSON, for a snapshot.
    var hookRecords: [String?]?

    /// Whether the store started it on its own, so it lives as long as the store has
    /// subscribers even without waiters.
    var isAutomatic: Bool {
      switch trigger {
      case .fetch, .refetch, .mutate, .simulated: false
      default: true
      }
    }
  }

  /// A caller waiting for a run.
  struct Waiter: Sendable {
    let id: UInt64
    let continuation: Continuation
    let returnsWhenPaused: Bool

    /// How the caller is told: a step of its run, or — a query's `fetch()` — the run's result
    /// alone (nil when the caller will not get one: cancelled).
    enum Continuation: Sendable {
      case step(UnsafeContinuation<RunStep, Never>)
      case outcome(UnsafeContinuation<(any AnyObject & Sendable)?, Never>)
    }

    init(id: UInt64, continuation: UnsafeContinuation<RunStep, Never>, returnsWhenPaused: Bool) {
      self.id = id
      self.continuation = .step(continuation)
      self.returnsWhenPaused = returnsWhenPaused
    }

    /// The waiter of a query's `fetch()`.
    init(id: UInt64, fetching continuation: UnsafeContinuation<(any AnyObject & Sendable)?, Never>)
    {
      self.id = id
      self.continuation = .outcome(continuation)
      self.returnsWhenPaused = false
    }

    /// Resumes the caller with `step`.
    func resume(with step: RunStep) {
      switch continuation {
      case .step(let continuation): continuation.resume(returning: step)
      case .outcome(let continuation):
        guard case .finished(let outcome) = step else {
          continuation.resume(returning: nil)
          return
        }
        continuation.resume(returning: outcome)
      }
    }
  }
}

/// What a caller waiting for a run is told.
enum RunStep: Sendable {
  /// The run ended with this result (a ``RunOutcome``).
  case finished(any AnyObject & Sendable)
  /// The run was cancelled, or the caller stopped waiting.
  case cancelled
  /// The run paused (only for callers that asked to return then).
  case paused
  /// The run the caller waited for has ended: derive the input again from the new state.
  case again
  /// There is nothing to run (no next page, no attempt to retry).
  case nothing
}

/// What a run's task starts with: its id, its input (a `State.RunInput`), the configuration
/// it runs with (the store's `Configuration`) and the attempt it goes on from, if restored.
struct RunLaunch: Sendable {
  let id: OperationRunID
  let input: (any Sendable)?
  let configuration: any AnyObject & Sendable
  let restored: RestoredAttempt?
}

/// A state of the store queued for its subscribers, opaque to the machine (a ``TypedStateBox``
/// of the store's state type).
class StateBox: @unchecked Sendable {
  init() {}

  /// Gives the state to `subscriber`, a subscriber of the same store (overridden by the box of
  /// the store's state type, which knows the subscriber's type too).
  func deliver(to subscriber: StoreSubscriber) {}
}
