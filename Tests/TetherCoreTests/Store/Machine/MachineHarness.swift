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
  private var handedOut: [StoreMachine.Outgoing] = []
  private var nextWaiterID: UInt64 = 100
  private var nextSubscriberID: UInt64 = 1
  private let parked: ParkedCallers<RunStep>

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
      state: State(context: context), configuration: configuration, logCapacity: 64,
      garbageCollectionDelay: .seconds(300), createdAt: Date(timeIntervalSinceReferenceDate: 1_000))
    parked = await ParkedCallers(count: 16, endingWith: .nothing)
  }

  /// Steps the machine.
  @discardableResult
  mutating func send(_ input: Store.Input) -> Stepped<State> {
    let effects = storage.step(input, at: now, isListening: isListening)
    handedOut += effects.outgoing
    return Stepped(effects: effects)
  }

  /// A caller asks for a run of `input`; returns the waiter's id.
  @discardableResult
  mutating func enqueue(
    _ input: State.RunInput?, trigger: RunTrigger = .fetch, mode: RunMode = .join,
    returnsWhenPaused: Bool = false, isCancelled: Bool = false,
    restoring restored: RestoredAttempt? = nil
  ) -> (waiter: UInt64, effects: Stepped<State>) {
    nextWaiterID += 1
    let waiter = StoreMachine.Waiter(
      id: nextWaiterID, continuation: parked.take(), returnsWhenPaused: returnsWhenPaused)
    let effects = send(
      .enqueue(
        waiter, trigger: trigger, mode: mode, restoring: restored, isCancelled: isCancelled,
        derive: { _ in input }))
    return (nextWaiterID, effects)
  }

  /// A subscriber arrives; returns its id and what it received, once delivered.
  @discardableResult
  mutating func subscribe() -> (id: UInt64, effects: Stepped<State>) {
    nextSubscriberID += 1
    let subscriber = Store.Subscriber({ _ in })
    subscriber.id = nextSubscriberID
    return (nextSubscriberID, send(.subscribe(subscriber)))
  }

  /// What the deliverer hands out, in order, as words (what steps handed to their caller,
  /// then the outbox); taken, as the deliverer does when it is done.
  mutating func takeOutbox() -> [String] {
    defer {
      handedOut = []
      storage.machine.outbox.removeAll()
      storage.machine.isDelivering = false
    }
    return (handedOut + storage.machine.outbox).map(Self.describe)
  }

  static func describe(_ outgoing: StoreMachine.Outgoing) -> String {
    switch outgoing {
    case .state(_, let target, _): target.map { "state to \($0)" } ?? "state"
    case .changed: "changed"
    case .subscriber(let added): added ? "subscriber added" : "subscriber removed"
    case .becameStale: "became stale"
    case .logged(let record): "logged \(record.kind)"
    case .resume(let waiter, let step): "resume \(waiter.id): \(describe(step))"
    }
  }

  static func describe(_ action: StoreMachine.Action) -> String {
    switch action {
    case .resume(let waiter, let step): "resume \(waiter.id): \(describe(step))"
    case .cancel: "cancel task"
    case .launch(let launch): "launch \(launch.id.rawValue)"
    case .cancelSubscriptions: "cancel subscriptions"
    case .armStaleTimer(_, let generation): "arm timer \(generation)"
    case .warn: "warn"
    }
  }

  static func describe(_ step: RunStep) -> String {
    switch step {
    case .finished(let outcome):
      switch (outcome as? ManagedBuffer<Result<State.OperationValue, State.Failure>, Void>)?.header
      {
      case .success(let value): "\(value)"
      case .failure(let failure): "failed \(failure)"
      case nil: "no outcome"
      }
    case .cancelled: "cancelled"
    case .paused: "paused"
    case .again: "again"
    case .nothing: "nothing"
    }
  }

  /// The run log's kinds, oldest first.
  var logged: [String] { storage.machine.log.all.map { "\($0.kind)" } }
}

/// What a step of a machine of a store of `State` returned: its effects, and their actions as
/// words.
@dynamicMemberLookup
struct Stepped<State: OperationState> {
  let effects: StoreMachine.Effects

  /// The actions, as words.
  var described: [String] { effects.actions.map(MachineHarness<State>.describe) }

  subscript<Value>(dynamicMember keyPath: KeyPath<StoreMachine.Effects, Value>) -> Value {
    effects[keyPath: keyPath]
  }
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
