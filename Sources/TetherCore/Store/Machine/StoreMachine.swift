import Foundation

/// The part of a store machine that does not depend on the operation's types: runs and their
/// waiters, subscribers, the outbox, the run log, the stale timer, the garbage-collection
/// bookkeeping and the effects of the step under way. Compiled once, in TetherCore, for every
/// store; the typed shell (``OperationStore``'s `Storage`: the state, the configuration) calls
/// it for every transition and keeps to itself only what needs the state's type.
///
/// What a run carries of its operation's types (its input, the state to revert to, its
/// result) is opaque to the machine: existentials and boxes the typed shell reads back.
struct StoreMachine {
  var runs: [Run] = []
  var nextRunID: UInt64 = 1
  var subscribers: [StoreSubscriber] = []
  var outbox: [Outgoing] = []
  var isDelivering = false
  var sequence: UInt64 = 0
  var conditionSubscriptions: [OperationSubscription] = []
  var log: RunLog
  /// The longest garbage-collection delay any `store(for:)` of this path asked for.
  var garbageCollectionDelay: Duration
  /// Since when the store has had no subscriber; nil while it has some.
  var unusedSince: Date?
  /// The configuration the next run uses (the store's `Configuration`, opaque here): a run
  /// records it, and its task starts with it.
  var configuration: any AnyObject & Sendable
  /// Whether concurrent fetches share a run (the configuration's, kept here for the fetch's
  /// start, which reads it without the configuration's type).
  var deduplicates: Bool
  /// Whether a `store(for:)` with another operation type was already reported.
  var hasWarned = false
  /// An automatic run that had to wait for a run in flight (an invalidation during a next
  /// page), started when that run ends.
  var pendingRerun: RunTrigger?
  /// The stale timer, while the store is observed and its value fresh for a while.
  var staleTimer: StaleTimer?
  var nextTimerGeneration: UInt64 = 1
  /// The date of the step under way.
  var now: Date
  /// Whether the client had event listeners when the step under way began.
  var isListening = false
  /// What the step under way decided to do once the lock is released.
  var effects = Effects()

  init(
    logCapacity: Int, garbageCollectionDelay: Duration,
    configuration: any AnyObject & Sendable, deduplicates: Bool, createdAt date: Date
  ) {
    self.log = RunLog(capacity: logCapacity)
    self.configuration = configuration
    self.deduplicates = deduplicates
    self.garbageCollectionDelay = garbageCollectionDelay
    self.unusedSince = date
    self.now = date
  }

  // MARK: A step

  /// Starts a step at `date`; `isListening` says whether the client has event listeners.
  mutating func begin(at date: Date, isListening: Bool) {
    now = date
    self.isListening = isListening
  }

  /// Ends the step: queues what must follow the states already queued, and returns what to
  /// do once the lock is released.
  mutating func end() -> Effects {
    route()
    var effects = Effects()
    swap(&effects, &self.effects)
    return effects
  }

  /// Queues what must follow the states already queued, and makes this caller the one that
  /// delivers unless another thread already does.
  mutating func route() {
    guard !outbox.isEmpty || isDelivering else { return }
    var kept = SmallList<Action>()
    for action in effects.actions {
      if case .resume(let waiter, let step) = action {
        outbox.append(.resume(waiter, step))
      } else {
        kept.append(action)
      }
    }
    effects.actions = kept
    guard !isDelivering else { return }
    // This caller delivers: it takes what is queued with it, and comes back for more.
    isDelivering = true
    effects.delivers = true
    swap(&effects.outgoing, &outbox)
    effects.subscribers = subscribers
  }

  // MARK: What every transition uses

  /// Whether a change of the state is queued for subscribers (there are some).
  var hasSubscribers: Bool { !subscribers.isEmpty }

  /// The state changed: subscribers get `state` (given when there are some), whose
  /// `freshUntil` moves the stale timer; the client's listeners hear of it, its change markers
  /// too.
  mutating func changed(queueing state: StateBox?, freshUntil: Date?) {
    if let state {
      sequence += 1
      outbox.append(.state(sequence: sequence, target: nil, state))
      updateStaleTimer(freshUntil: freshUntil)
    }
    effects.changed = true
    if isListening { outbox.append(.changed) }
  }

  /// Adds a record to the run log; the client's listeners get it too, in order with the
  /// states.
  mutating func record(_ record: RunLogRecord) {
    guard log.append(record) else { return }
    effects.changed = true
    guard isListening, let latest = log.latest else { return }
    outbox.append(.logged(latest))
  }

  /// Resumes a waiting caller once the lock is released (after what is queued before it).
  mutating func resume(_ waiter: Waiter, with step: RunStep) {
    effects.actions.append(.resume(waiter, step))
  }

  /// Forgets every run's revert snapshot: the state has changed for another reason.
  mutating func dropRevertStates() {
    for index in runs.indices where runs[index].revertState != nil {
      runs[index].revertState = nil
    }
  }

  /// The index of run `id` in flight.
  func index(of id: OperationRunID) -> Int? {
    for index in runs.indices where runs[index].id == id { return index }
    return nil
  }
}
