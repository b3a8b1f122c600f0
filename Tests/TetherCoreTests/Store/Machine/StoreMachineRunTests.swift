import Foundation
import Testing

@testable import TetherCore

/// The store machine's run transitions, input by input: what the storage becomes and which
/// effects come out, with no task, clock or store (as TanStack's query reducer is tested).
@Suite struct StoreMachineRunTests {
  typealias Query = MachineHarness<QueryState<Int, TestFailure>>

  @Test func aFetchStartsARunAndLaunchesItsTask() async {
    var machine = await Query()
    let (_, effects) = machine.enqueue(())
    #expect(effects.described == ["launch 1"])
    #expect(!effects.delivers)
    #expect(machine.storage.state.fetchStatus == .fetching)
    #expect(machine.storage.state.status == .pending)
    #expect(machine.storage.state.runCount == 1)
    #expect(machine.storage.machine.runs.map(\.waiters.count) == [1])
    #expect(machine.logged == ["runStarted"])
    // Nobody observes: nothing to deliver.
    #expect(machine.takeOutbox().isEmpty)
  }

  @Test func aSecondFetchJoinsTheRunInFlightOnlyWhenDeduplicated() async {
    var shared = await Query()
    shared.enqueue(())
    #expect(shared.enqueue(()).effects.described.isEmpty)
    #expect(shared.storage.machine.runs.map(\.waiters.count) == [2])

    var separate = await Query { $0.options.deduplicates = false }
    separate.enqueue(())
    #expect(separate.enqueue(()).effects.described == ["launch 2"])
    #expect(separate.storage.machine.runs.count == 2)
  }

  @Test func aCancelledCallerOrNothingToRunIsAnsweredAtOnce() async {
    var machine = await Query()
    let (cancelled, effects) = machine.enqueue((), isCancelled: true)
    #expect(effects.described == ["resume \(cancelled): cancelled"])
    let (nothing, none) = machine.enqueue(nil)
    #expect(none.described == ["resume \(nothing): nothing"])
    #expect(machine.storage.machine.runs.isEmpty)
    #expect(machine.storage.state.runCount == 0)
  }

  @Test func aFinishedRunSetsTheValueAndResumesItsCallers() async {
    var machine = await Query()
    let (first, _) = machine.enqueue(())
    let (second, _) = machine.enqueue(())
    machine.now += 2
    let effects = machine.send(.finish(OperationRunID(rawValue: 1), .success(42)))
    #expect(effects.described == ["resume \(first): 42", "resume \(second): 42"])
    #expect(effects.finishedRun == OperationRunID(rawValue: 1))
    #expect(effects.changed)
    #expect(machine.storage.machine.runs.isEmpty)
    #expect(machine.storage.state.currentValue == 42)
    #expect(machine.storage.state.status == .success)
    #expect(machine.storage.state.fetchStatus == .idle)
    #expect(machine.storage.state.valueLastUpdatedAt == machine.now)
    #expect(machine.logged == ["runStarted", "succeeded"])
  }

  @Test func aFailedRunKeepsThePreviousValueNextToItsError() async {
    var machine = await Query()
    machine.enqueue(())
    machine.send(.finish(OperationRunID(rawValue: 1), .success(1)))
    let (waiter, _) = machine.enqueue(())
    let effects = machine.send(
      .finish(OperationRunID(rawValue: 2), .failure(TestFailure(code: 7))))
    #expect(effects.described == ["resume \(waiter): failed TestFailure(code: 7)"])
    #expect(machine.storage.state.currentValue == 1)
    #expect(machine.storage.state.error == TestFailure(code: 7))
    #expect(machine.storage.state.status == .failure)
    #expect(machine.storage.state.failureCount == 1)
  }

  /// A cancelled run's result never changes the state (an earlier round's bug: a late result
  /// after a reset was applied).
  @Test func aResultOfACancelledRunIsIgnored() async {
    var machine = await Query()
    machine.enqueue(())
    machine.send(.cancel(revert: true))
    let effects = machine.send(.finish(OperationRunID(rawValue: 1), .success(9)))
    #expect(effects.described.isEmpty)
    #expect(effects.finishedRun == nil)
    #expect(machine.storage.state.currentValue == nil)
    #expect(machine.storage.state.cancellation == .reverted)
  }

  @Test func cancellingAnswersCallersAndCancelsTheTask() async {
    var machine = await Query()
    let (waiter, _) = machine.enqueue(())
    machine.storage.machine.runs[0].task = Task {}
    let effects = machine.send(.cancel(revert: false))
    #expect(effects.described == ["resume \(waiter): cancelled", "cancel task"])
    #expect(machine.storage.state.isCancelled)
    #expect(machine.logged == ["runStarted", "cancelled"])
  }

  /// What a cancelled run yielded is undone — unless something else changed the state since
  /// (an earlier round's bug: reverting undid a value set by hand).
  @Test func cancellingRevertsAYieldOnlyWhenNothingElseChangedTheState() async {
    var machine = await Query()
    machine.enqueue(())
    machine.send(.yield(OperationRunID(rawValue: 1), .success(5)))
    #expect(machine.storage.state.currentValue == 5)
    machine.send(.cancel(revert: true))
    #expect(machine.storage.state.currentValue == nil)

    machine.enqueue(())
    machine.send(.yield(OperationRunID(rawValue: 2), .success(6)))
    machine.send(.setValue(8))
    machine.send(.cancel(revert: true))
    #expect(machine.storage.state.currentValue == 8)

    machine.enqueue(())
    machine.send(.yield(OperationRunID(rawValue: 3), .success(9)))
    machine.send(.cancel(revert: false))
    #expect(machine.storage.state.currentValue == 9)
    #expect(machine.storage.state.isCancelled)
  }

  @Test func aRefetchReplacesTheRunInFlightAndTakesItsCallers() async {
    var machine = await Query()
    let (first, _) = machine.enqueue(())
    machine.storage.machine.runs[0].task = Task {}
    let (second, effects) = machine.enqueue((), trigger: .refetch, mode: .replace)
    #expect(effects.described == ["cancel task", "launch 2"])
    #expect(machine.storage.machine.runs.map(\.id.rawValue) == [2])
    #expect(machine.storage.machine.runs[0].waiters.map(\.id) == [second, first])
    #expect(machine.logged == ["runStarted", "cancelled", "runStarted"])
  }

  /// A caller that stops waiting is answered at once; the run goes on while someone else
  /// wants it.
  @Test func aCallerThatStopsWaitingCancelsTheRunOnlyWhenNobodyElseWantsIt() async {
    var machine = await Query()
    let (first, _) = machine.enqueue(())
    let (second, _) = machine.enqueue(())
    #expect(machine.send(.cancelWaiter(first)).described == ["resume \(first): cancelled"])
    #expect(machine.storage.machine.runs.count == 1)
    #expect(machine.send(.cancelWaiter(second)).described == ["resume \(second): cancelled"])
    #expect(machine.storage.machine.runs.isEmpty)
    #expect(machine.storage.state.cancellation == .reverted)

    // The store's own run for its subscribers goes on without callers.
    var observed = await Query()
    observed.subscribe()
    let (joined, _) = observed.enqueue(())
    observed.send(.cancelWaiter(joined))
    #expect(observed.storage.machine.runs.count == 1)
  }

  @Test func retriesAreCountedAndTheirSendingRecorded() async {
    var machine = await Query()
    machine.enqueue(())
    let run = OperationRunID(rawValue: 1)
    let due = machine.now + 4
    machine.send(
      .retryScheduled(
        run,
        RetryProgress(
          failedAttempts: 1, retryLimit: 3, lastFailure: TestFailure(), nextAttemptDate: due)))
    #expect(machine.storage.machine.runs[0].attempt == 2)
    #expect(machine.storage.state.failureCount == 1)
    #expect(machine.storage.state.retryProgress?.nextAttemptDate == due)
    machine.now = due
    machine.send(.attemptStarted(run))
    #expect(machine.storage.state.retryProgress?.nextAttemptStartDate == due)
    #expect(machine.logged == ["runStarted", "attemptFailed", "retryScheduled", "attemptStarted"])
    machine.send(.finish(run, .success(3)))
    #expect(machine.storage.state.failureCount == 0)
    #expect(machine.storage.state.retryProgress == nil)
  }

  /// A pause answers the callers that only wanted the run started (a client-wide refetch);
  /// a second pause of the same run changes nothing.
  @Test func aPauseAnswersCallersThatReturnWhenPaused() async {
    var machine = await Query()
    let (waiting, _) = machine.enqueue(())
    let (returning, _) = machine.enqueue((), returnsWhenPaused: true)
    let run = OperationRunID(rawValue: 1)
    let effects = machine.send(.pause(run, .offline))
    #expect(effects.described == ["resume \(returning): paused"])
    #expect(machine.storage.state.fetchStatus == .paused)
    #expect(machine.storage.machine.runs[0].waiters.map(\.id) == [waiting])
    #expect(!machine.send(.pause(run, .offline)).changed)
    machine.now += 3
    machine.send(.resume(run))
    #expect(machine.storage.state.fetchStatus == .fetching)
    #expect(machine.logged == ["runStarted", "paused", "resumed"])
    #expect(machine.storage.machine.log.latest?.otherDate == machine.now - 3)
  }

  @Test func transferReportsShowWhileTheirRunIsInFlight() async {
    var machine = await Query()
    machine.enqueue(())
    let run = OperationRunID(rawValue: 1)
    machine.send(.transferred(run, TransferProgress(bytesReceived: 10, bytesToReceive: 20)))
    #expect(machine.storage.state.transferProgress?.bytesReceived == 10)
    #expect(!machine.send(.transferred(OperationRunID(rawValue: 9), TransferProgress())).changed)
    machine.send(.finish(run, .success(1)))
    #expect(machine.storage.state.transferProgress == nil)
  }

  /// A restored paused attempt goes on with its submission date and attempt count.
  @Test func aRestoredAttemptKeepsItsDateAndAttempts() async {
    var machine = await Query()
    let submitted = machine.now - 60
    let (_, effects) = machine.enqueue(
      (), mode: .fresh,
      restoring: RestoredAttempt(startDate: submitted, failedAttempts: 2, hookRecords: nil))
    #expect(effects.described == ["launch 1"])
    #expect(machine.storage.machine.runs[0].attempt == 3)
    #expect(machine.storage.machine.runs[0].startDate == submitted)
  }

  /// A next page asked for while every page is refetched waits for the refetch, then derives
  /// its input again from the pages it left.
  @Test func aRunThatMustWaitIsDeferredAndAskedAgain() async {
    typealias Paged = MachineHarness<PaginatedState<Int, String, TestFailure>>
    var machine = await Paged()
    machine.enqueue(.allPages([]), trigger: .refetch)
    let (next, effects) = machine.enqueue(.nextPage(2, after: []))
    #expect(effects.described.isEmpty)
    #expect(machine.storage.machine.runs[0].deferred.map(\.id) == [next])
    let end = machine.send(.finish(OperationRunID(rawValue: 1), .failure(TestFailure())))
    #expect(end.described.contains("resume \(next): again"))
  }

  /// An invalidation while a next page is in flight reruns once that page has landed (an
  /// earlier round's fix: it was lost).
  @Test func anInvalidationDuringANextPageRunsWhenThePageEnds() async {
    typealias Paged = MachineHarness<PaginatedState<Int, String, TestFailure>>
    var machine = await Paged()
    machine.subscribe()
    machine.send(.finish(OperationRunID(rawValue: 1), .failure(TestFailure())))
    machine.enqueue(.nextPage(2, after: []))
    machine.send(.invalidate)
    #expect(machine.storage.machine.pendingRerun == .invalidate)
    #expect(machine.storage.machine.runs.count == 1)
    let effects = machine.send(.finish(OperationRunID(rawValue: 2), .failure(TestFailure())))
    #expect(effects.described == ["launch 3"])
    #expect(machine.storage.machine.runs.map(\.trigger) == [.invalidate])
  }

  @Test func ensureValueRevalidatesAStaleValueOnlyWhenNothingRuns() async {
    var machine = await Query()
    #expect(machine.send(.revalidateIfStale).described.isEmpty)
    machine.send(.setValue(1))
    #expect(machine.send(.revalidateIfStale).described == ["launch 1"])
    #expect(machine.send(.revalidateIfStale).described.isEmpty)
  }
}
