import Foundation

extension StoreMachine {
  /// What the delivering thread hands out, in order.
  enum Outgoing: Sendable {
    /// A state for every subscriber (or, with a target, for one new subscriber).
    case state(sequence: UInt64, target: UInt64?, StateBox)
    /// The client's listeners hear that the store changed.
    case changed
    /// The client's listeners hear that a subscriber came (true) or left (false).
    case subscriber(added: Bool)
    /// The client's listeners hear that the value turned stale at its stale time.
    case becameStale
    /// The client's listeners get a new run log entry.
    case logged(RunLogRecord)
    /// A waiting caller goes on.
    case resume(Waiter, RunStep)
  }

  /// Something to do once the lock is released.
  enum Action: Sendable {
    /// Resume a waiting caller (unless it must wait for deliveries, then it is queued).
    case resume(Waiter, RunStep)
    /// Cancel a run's task.
    case cancel(Task<Void, Never>)
    /// Start a run's task.
    case launch(RunLaunch)
    /// Stop watching rerun conditions.
    case cancelSubscriptions([OperationSubscription])
    /// Start the stale timer `generation`, due at `deadline`.
    case armStaleTimer(deadline: Date, generation: UInt64)
    /// Warn of a `store(for:)` with another operation type.
    case warn(String)
  }

  /// The timer that tells subscribers when a fresh value turns stale; armed only while the
  /// store has subscribers and a value fresh for a while.
  struct StaleTimer: Sendable {
    let deadline: Date
    let generation: UInt64
    /// Set once the task is started, outside the lock.
    var task: Task<Void, Never>?
  }

  /// What to do once the lock is released: one small list, so that the common case (one
  /// action) neither allocates nor costs much to destroy.
  struct Effects: Sendable {
    var actions = SmallList<Action>()
    /// The store changed for the client's listeners — its state, subscribers, staleness or run
    /// log — and its change markers hear of it.
    var changed = false
    /// This thread delivers the queued states and events, starting with `outgoing`, to
    /// `subscribers`.
    var delivers = false
    var outgoing: [Outgoing] = []
    var subscribers: [StoreSubscriber] = []
    /// The first subscriber arrived: watch rerun conditions, tell the client.
    var gainedSubscribers = false
    /// The last subscriber left: tell the client.
    var becameUnused = false
    /// A run ended, so a launch that comes after its end needs no lock.
    var finishedRun: OperationRunID?

    init() {}
  }
}

/// A subscriber of a store: its id and since when it listens; a subclass made for the store's
/// state type takes the states (`OperationStore.Subscriber`), which the state's box hands it
/// (`TypedStateBox.deliver(to:)`).
///
/// A class, not a struct, so that delivery can call it through a reference it borrows without
/// retaining: a struct's closure loaded from an array is retained and released around each
/// call, two atomic operations per subscriber per change.
///
/// Unchecked `Sendable`: `id` and `since` are set under the store's lock when it subscribes,
/// before any delivery can see it, and never change after.
class StoreSubscriber: @unchecked Sendable {
  @exclusivity(unchecked)
  final var id: UInt64 = 0
  /// Deliveries up to this sequence number happened before it subscribed.
  @exclusivity(unchecked)
  final var since: UInt64 = 0

  init() {}
}
