import Foundation
import Testing

@testable import TetherCore

/// The store machine's transitions of subscribers, delivery, staleness and changes from
/// outside the runs, input by input.
@Suite struct StoreMachineSubscriberTests {
  typealias Query = MachineHarness<QueryState<Int, TestFailure>>

  /// The first subscriber gets the state at once, starts watching conditions and fetches the
  /// stale value; a second one gets the state only.
  @Test func subscribersGetTheStateAndTheFirstFetchesAStaleValue() async {
    var machine = await Query()
    let (first, effects) = machine.subscribe()
    #expect(effects.gainedSubscribers)
    #expect(effects.delivers)
    #expect(effects.described == ["launch 1"])
    #expect(machine.storage.machine.runs.map(\.trigger) == [.subscribe])
    #expect(machine.storage.machine.unusedSince == nil)
    // Its own state first, then the change the run made.
    #expect(machine.takeOutbox() == ["state to \(first)", "state"])

    let (second, more) = machine.subscribe()
    #expect(!more.gainedSubscribers)
    #expect(more.described.isEmpty)
    #expect(machine.takeOutbox() == ["state to \(second)"])
  }

  /// A caller is resumed after the subscribers have the state its run left, through the
  /// outbox; a change made while another thread delivers is queued behind, and this thread
  /// does not deliver (an earlier round's fix: concurrent edits reached subscribers out of
  /// order).
  @Test func callersAreResumedAfterSubscribersSawTheirState() async {
    var machine = await Query { $0.options.runsAutomatically = false }
    machine.subscribe()
    _ = machine.takeOutbox()
    let (waiter, _) = machine.enqueue(())
    _ = machine.takeOutbox()
    let effects = machine.send(.finish(OperationRunID(rawValue: 1), .success(4)))
    #expect(effects.delivers)
    #expect(effects.described.isEmpty)
    #expect(machine.storage.machine.isDelivering)
    let concurrent = machine.send(.setValue(5))
    #expect(!concurrent.delivers)
    #expect(machine.takeOutbox() == ["state", "resume \(waiter): 4", "state"])
  }

  /// With listeners, a fetch queues two events each at its start and end: the change and the
  /// run log's entry.
  @Test func listenersHearOfChangesAndLogEntriesInOrderWithStates() async {
    var machine = await Query()
    machine.isListening = true
    let (waiter, _) = machine.enqueue(())
    #expect(machine.takeOutbox() == ["changed", "logged runStarted"])
    machine.send(.finish(OperationRunID(rawValue: 1), .success(1)))
    #expect(machine.takeOutbox() == ["changed", "logged succeeded", "resume \(waiter): 1"])
    machine.subscribe()
    #expect(machine.takeOutbox().prefix(2) == ["state to 2", "subscriber added"])
  }

  /// When the last subscriber leaves, the store's own run nobody awaits is cancelled and
  /// reverted, an awaited run goes on, conditions stop, and the store can be collected.
  @Test func theLastSubscriberLeavingCancelsOnlyTheStoresOwnRun() async {
    var machine = await Query()
    let (id, _) = machine.subscribe()
    machine.storage.machine.conditionSubscriptions = [OperationSubscription {}]
    machine.now += 1
    let effects = machine.send(.unsubscribe(id))
    #expect(effects.becameUnused)
    #expect(effects.described == ["cancel subscriptions"])
    #expect(machine.storage.machine.runs.isEmpty)
    #expect(machine.storage.machine.unusedSince == machine.now)
    #expect(machine.storage.state.cancellation == .reverted)

    var awaited = await Query()
    let (subscriber, _) = awaited.subscribe()
    awaited.enqueue(())
    awaited.send(.unsubscribe(subscriber))
    #expect(awaited.storage.machine.runs.count == 1)
  }

  /// The stale timer: armed only while observed with a value fresh for a while, moved by new
  /// data, ignored when replaced, and telling subscribers and listeners at the stale time.
  @Test func theStaleTimerFollowsTheValueAndItsSubscribers() async {
    var machine = await Query {
      $0.options.staleness = .after(.seconds(10))
      $0.options.runsAutomatically = false
    }
    #expect(machine.send(.setValue(1)).described.isEmpty)
    let (id, effects) = machine.subscribe()
    #expect(effects.described == ["arm timer 1"])
    #expect(machine.storage.machine.staleTimer?.deadline == machine.now + 10)
    machine.now += 5
    #expect(machine.send(.setValue(2)).described == ["arm timer 2"])
    _ = machine.takeOutbox()
    machine.isListening = true
    machine.now += 10
    #expect(!machine.send(.staleTimerFired(1)).delivers)
    #expect(machine.send(.staleTimerFired(2)).delivers)
    #expect(machine.takeOutbox() == ["state", "became stale"])
    #expect(machine.storage.machine.staleTimer == nil)

    machine.send(.setValue(3))
    machine.storage.machine.staleTimer?.task = Task {}
    let left = machine.send(.unsubscribe(id))
    #expect(left.described == ["cancel task"])
    #expect(machine.storage.machine.staleTimer == nil)
  }

  /// No timer with the default stale time of zero, nor without subscribers.
  @Test func noStaleTimerForAValueStaleOnArrival() async {
    var machine = await Query { $0.options.runsAutomatically = false }
    machine.subscribe()
    #expect(machine.send(.setValue(1)).described.isEmpty)
    #expect(machine.storage.machine.staleTimer == nil)
  }

  /// Invalidation refetches an observed store at once, replacing the run in flight; a value
  /// that is never stale ignores it.
  @Test func invalidationRefetchesAnObservedStore() async {
    var machine = await Query()
    machine.subscribe()
    machine.storage.machine.runs[0].task = Task {}
    let effects = machine.send(.invalidate)
    #expect(effects.described == ["cancel task", "launch 2"])
    #expect(machine.storage.machine.runs.map(\.trigger) == [.invalidate])
    #expect(machine.storage.state.isInvalidated)

    var never = await Query { $0.options.staleness = .never }
    never.send(.setValue(1))
    #expect(!never.send(.invalidate).changed)
    #expect(!never.storage.state.isInvalidated)
  }

  @Test func resetStartsOverAndRunsAgainForSubscribers() async {
    var machine = await Query()
    machine.subscribe()
    machine.send(.finish(OperationRunID(rawValue: 1), .success(1)))
    machine.send(.setPlaceholder(0))
    let effects = machine.send(.reset)
    #expect(effects.described == ["launch 2"])
    #expect(machine.storage.state.currentValue == nil)
    #expect(machine.storage.state.placeholder == nil)
    #expect(machine.storage.state.runCount == 1)
    #expect(machine.logged.suffix(2) == ["reset", "runStarted"])
  }

  @Test func aValueSetByHandIsLoggedAndAPlaceholderIsNot() async {
    var machine = await Query()
    machine.send(.setPlaceholder(7))
    #expect(machine.storage.state.isPlaceholder)
    machine.send(.setValue(8))
    #expect(!machine.storage.state.isPlaceholder)
    #expect(machine.storage.state.currentValue == 8)
    #expect(machine.logged == ["valueSet"])
  }

  /// A `store(for:)` with another operation type warns once; its options apply.
  @Test func aReconfigurationWithAnotherOperationWarnsOnce() async {
    var machine = await Query()
    var context = OperationContext()
    context.options.staleness = .never
    let other = OperationStore<QueryState<Int, TestFailure>>.Configuration(
      body: { _, _, _ in 0 }, context: context, operationType: String.self)
    let effects = machine.send(.reconfigure(other, garbageCollectionDelay: .seconds(600)))
    #expect(effects.described == ["warn"])
    #expect(machine.storage.machine.garbageCollectionDelay == .seconds(600))
    #expect(!machine.storage.state.isInvalidatable)
    #expect(machine.send(.reconfigure(other, garbageCollectionDelay: .zero)).described.isEmpty)
    #expect(machine.storage.machine.garbageCollectionDelay == .seconds(600))
  }

  /// A restored value replaces the state and, being stale, is refetched for subscribers.
  @Test func aRestoredValueIsRefetchedForSubscribers() async {
    var machine = await Query()
    machine.subscribe()
    machine.send(.cancel(revert: true))
    machine.storage.state.apply(.currentValueSet(5, date: machine.now - 100))
    machine.storage.state.apply(.invalidated)
    let effects = machine.send(.restored)
    #expect(effects.described == ["launch 2"])
    #expect(machine.storage.state.currentValue == 5)
    #expect(machine.storage.machine.runs.map(\.trigger) == [.invalidate])
  }

  /// The devtools' simulated load is a run of its own; ending it brings back the state before
  /// it when nothing else changed it.
  @Test func aSimulationEndsWhereItBegan() async {
    var machine = await Query { $0.options.runsAutomatically = false }
    machine.send(.setValue(3))
    let previous = machine.storage.state
    machine.send(.simulateLoading(Task {}))
    #expect(machine.storage.state.isLoading)
    #expect(machine.storage.machine.runs.map(\.trigger) == [.simulated])
    let simulation = SimulatedState(
      kind: .loading, path: ["a"], date: machine.now, previous: previous,
      run: machine.storage.machine.runs[0].id,
      counts: OperationStore<QueryState<Int, TestFailure>>.counts(of: machine.storage.state))
    let effects = machine.send(.endSimulation(simulation))
    #expect(effects.described == ["cancel task"])
    #expect(machine.storage.state.currentValue == 3)
    #expect(machine.storage.state.runCount == 1)
    #expect(!machine.storage.state.isLoading)
  }
}
