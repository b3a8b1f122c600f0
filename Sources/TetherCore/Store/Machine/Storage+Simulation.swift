import Foundation

/// The machine's transitions for the devtools' simulations: a first load that never ends, a
/// failed run, and the end of either.
extension OperationStore.Storage {
  mutating func simulateLoading(_ task: Task<Void, Never>) {
    guard let input = state.automaticRunInput else {
      effects.actions.append(.cancel(task))
      return
    }
    cancelRuns(reverting: false) { _ in true }
    pendingRerun = nil
    // A first load, but the runs go on being counted: the simulated run is one of them.
    state = OperationStore.marking(
      State(context: configuration.context), as: .loading, runCount: state.runCount)
    let id = OperationRunID(rawValue: nextRunID)
    nextRunID += 1
    apply(.runStarted(id, input: input, date: now))
    record(RunLogRecord(.runStarted, at: now, run: id, trigger: .simulated))
    var run = OperationStore.Run(
      id: id, input: input, trigger: .simulated, startDate: now, waiters: SmallList())
    run.task = task
    runs.append(run)
  }

  mutating func simulateFailure(_ failure: State.Failure) {
    guard state.automaticRunInput != nil else { return }
    cancelRuns(reverting: false) { _ in true }
    pendingRerun = nil
    // A failed run, as a real one: the last content stays next to the error.
    let id = OperationRunID(rawValue: nextRunID)
    nextRunID += 1
    var failed = state
    failed.apply(.runStarted(id, input: state.automaticRunInput!, date: now))
    failed.apply(.runFinished(id, .failure(failure), date: now))
    state = OperationStore.marking(failed, as: .failure, runCount: failed.runCount)
    record(RunLogRecord(.runStarted, at: now, run: id, trigger: .simulated))
    record(
      RunLogRecord(.failed, at: now, run: id, attempt: 1, otherDate: now, payload: failure))
    notify()
  }

  mutating func endSimulation(_ simulation: SimulatedState) {
    if let id = simulation.run, let index = runs.firstIndex(where: { $0.id == id }) {
      // The simulated run ends, cancelled; whoever joined it derives a real run.
      let run = runs.remove(at: index)
      if let task = run.task { effects.actions.append(.cancel(task)) }
      for waiter in run.waiters { resume(waiter, with: .again) }
      apply(.runCancelled(id, reverted: true, date: now))
      record(
        RunLogRecord(
          .cancelled, at: now, run: id, attempt: 1, otherDate: run.startDate, flag: true))
    }
    guard runs.isEmpty, OperationStore.counts(of: state) == simulation.counts,
      let previous = simulation.previous as? State
    else { return }
    // What was there before, with the runs counted since (the simulated one included).
    state = OperationStore.marking(previous, as: nil, runCount: state.runCount)
    notify()
    if state.isStale(at: now) { startAutomaticRunIfNeeded(.refetch) }
  }
}
