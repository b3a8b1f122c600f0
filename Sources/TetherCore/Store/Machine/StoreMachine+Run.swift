import Foundation

extension StoreMachine {
  /// A run in flight, as the machine keeps it: everything but what depends on the operation's
  /// types, which its `slot` holds.
  struct Run: Sendable {
    let id: OperationRunID
    let trigger: RunTrigger
    let startDate: Date
    /// The run's input, revert state and result, for the typed shell.
    let slot: RunSlot
    var task: Task<Void, Never>?
    /// Callers waiting for this run's result.
    var waiters: SmallList<Waiter>
    /// Callers waiting for this run to end before they derive their own input.
    var deferred = SmallList<Waiter>()
    /// The attempt in flight, from 1.
    var attempt = 1
    var pausedSince: Date?
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
  @usableFromInline
  struct Waiter: Sendable {
    let id: UInt64
    let continuation: UnsafeContinuation<RunStep, Never>
    let returnsWhenPaused: Bool

    @usableFromInline
    init(id: UInt64, continuation: UnsafeContinuation<RunStep, Never>, returnsWhenPaused: Bool) {
      self.id = id
      self.continuation = continuation
      self.returnsWhenPaused = returnsWhenPaused
    }
  }
}

/// What a caller waiting for a run is told.
@usableFromInline
enum RunStep: Sendable {
  /// The run ended; its result is in its slot.
  case finished(RunSlot)
  /// The run was cancelled, or the caller stopped waiting.
  case cancelled
  /// The run paused (only for callers that asked to return then).
  case paused
  /// The run the caller waited for has ended: derive the input again from the new state.
  case again
  /// There is nothing to run (no next page, no attempt to retry).
  case nothing
}

/// What a run carries of its operation's types — its input, the state to revert to if it is
/// cancelled, its result once it ends — opaque to the machine, read by the typed shell
/// (``TypedRunSlot``). Its mutable parts change only under the store's lock, and the result is
/// read by waiters only after they are resumed.
@usableFromInline
class RunSlot: @unchecked Sendable {
  @usableFromInline
  init() {}

  /// Forgets the state to revert to.
  func dropRevertState() {}
}

/// A state of the store queued for its subscribers, opaque to the machine (a ``TypedStateBox``
/// of the store's state type).
@usableFromInline
class StateBox: @unchecked Sendable {
  @usableFromInline
  init() {}
}
