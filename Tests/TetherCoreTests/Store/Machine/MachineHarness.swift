import Foundation
import TetherSynchronization

@testable import TetherCore

/// A store machine fed inputs by hand, at dates the test picks: no store, no clock, and no
/// task runs (the continuations of its callers are parked until the harness is dropped).
struct MachineHarness<State: OperationState> {
  typealias Store = OperationStore<State>

  var storage: Store.Storage
  var now = Date(timeIntervalSinceReferenceDate: 1_000)
  var isListening = false
  /// What steps handed to their caller to deliver, not yet taken by the test.
  private var handedOut: [Store.Outgoing] = []
  private var nextWaiterID: UInt64 = 100
  private var nextSubscriberID: UInt64 = 1
  private let parked: ParkedCallers<Store.RunStep>

  init(
    operationType: any Any.Type = Int.self,
    configure: (inout OperationContext) -> Void = { _ in }
  ) async {
    var context = OperationContext()
    context.options.deduplicates = true
    context.options.retryLimit = 0
    configure(&context)
    let configuration = Store.Configuration(
      body: { _, _, _ in fatalError("a machine test runs no operation") }, context: context,
      operationType: operationType)
    storage = Store.Storage(
      state: State(context: context), configuration: configuration, log: RunLog(capacity: 64),
      garbageCollectionDelay: .seconds(300), createdAt: Date(timeIntervalSinceReferenceDate: 1_000))
    parked = await ParkedCallers(count: 16, endingWith: .nothing)
  }

  /// Steps the machine.
  @discardableResult
  mutating func send(_ input: Store.Input) -> Store.Effects {
    let effects = storage.step(input, at: now, isListening: isListening)
    handedOut += effects.outgoing
    return effects
  }

  /// A caller asks for a run of `input`; returns the waiter's id.
  @discardableResult
  mutating func enqueue(
    _ input: State.RunInput?, trigger: RunTrigger = .fetch, mode: RunMode = .join,
    returnsWhenPaused: Bool = false, isCancelled: Bool = false,
    restoring restored: RestoredAttempt? = nil
  ) -> (waiter: UInt64, effects: Store.Effects) {
    nextWaiterID += 1
    let waiter = Store.Waiter(
      id: nextWaiterID, continuation: parked.take(), returnsWhenPaused: returnsWhenPaused)
    let effects = send(
      .enqueue(
        waiter, trigger: trigger, mode: mode, restoring: restored, isCancelled: isCancelled,
        derive: { _ in input }))
    return (nextWaiterID, effects)
  }

  /// A subscriber arrives; returns its id and what it received, once delivered.
  @discardableResult
  mutating func subscribe() -> (id: UInt64, effects: Store.Effects) {
    nextSubscriberID += 1
    let subscriber = Store.Subscriber { _ in }
    subscriber.id = nextSubscriberID
    return (nextSubscriberID, send(.subscribe(subscriber)))
  }

  /// What the deliverer hands out, in order, as words (what steps handed to their caller,
  /// then the outbox); taken, as the deliverer does when it is done.
  mutating func takeOutbox() -> [String] {
    defer {
      handedOut = []
      storage.outbox.removeAll()
      storage.isDelivering = false
    }
    return (handedOut + storage.outbox).map(Self.describe)
  }

  static func describe(_ outgoing: Store.Outgoing) -> String {
    switch outgoing {
    case .state(_, let target, _): target.map { "state to \($0)" } ?? "state"
    case .changed: "changed"
    case .subscriber(let added): added ? "subscriber added" : "subscriber removed"
    case .becameStale: "became stale"
    case .logged(let record): "logged \(record.kind)"
    case .resume(let waiter, let step): "resume \(waiter.id): \(describe(step))"
    }
  }

  static func describe(_ action: Store.Action) -> String {
    switch action {
    case .resume(let waiter, let step): "resume \(waiter.id): \(describe(step))"
    case .cancel: "cancel task"
    case .launch(let launch): "launch \(launch.id.rawValue)"
    case .cancelSubscriptions: "cancel subscriptions"
    case .armStaleTimer(_, let generation): "arm timer \(generation)"
    case .warn: "warn"
    }
  }

  static func describe(_ step: Store.RunStep) -> String {
    switch step {
    case .finished(.success(let value)): "\(value)"
    case .finished(.failure(.cancelled)): "cancelled"
    case .finished(.failure(.failure(let failure))): "failed \(failure)"
    case .paused: "paused"
    case .again: "again"
    case .nothing: "nothing"
    }
  }

  /// The run log's kinds, oldest first.
  var logged: [String] { storage.log.all.map { "\($0.kind)" } }
}

extension OperationStore.Effects {
  /// The actions, as words.
  var described: [String] { actions.map(MachineHarness<State>.describe) }
}

/// Continuations of tasks parked for a test; each is resumed with `.nothing` when the harness
/// goes, since a machine test never performs the effects that would resume them.
final class ParkedCallers<Step: Sendable>: Sendable {
  private let all: [UnsafeContinuation<Step, Never>]
  private let next = SanitizerVisibleMutex(0)
  private let ending: Step

  init(count: Int, endingWith ending: Step) async {
    let (stream, sink) = AsyncStream.makeStream(of: UnsafeContinuation<Step, Never>.self)
    for _ in 0..<count {
      Task { _ = await withUnsafeContinuation { sink.yield($0) } }
    }
    var parked: [UnsafeContinuation<Step, Never>] = []
    for await continuation in stream {
      parked.append(continuation)
      if parked.count == count { break }
    }
    all = parked
    self.ending = ending
  }

  deinit {
    for continuation in all { continuation.resume(returning: ending) }
  }

  func take() -> UnsafeContinuation<Step, Never> {
    next.withLock { next in
      defer { next += 1 }
      return all[next]
    }
  }
}
