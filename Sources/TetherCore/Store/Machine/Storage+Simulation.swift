import Foundation

/// The machine's transitions for the devtools' simulations: a first load that never ends, a
/// failed run, and the end of either.
extension OperationStore.Storage {
  mutating func simulateLoading(_ task: Task<Void, Never>) {
    guard let input = state.automaticRunInput else {
      machine.effects.actions.append(.cancel(task))
      return
    }
    cancelRuns(reverting: false) { _ in true }
    machine.pendingRerun = nil
    // A first load, but the runs go on being counted: the simulated run is one of them.
    state = OperationStore.marking(
      State(context: configuration.context), as: .loading, runCount: state.runCount)
    let id = machine.takeRunID()
    apply(.runStarted(id, input: input, date: machine.now))
    machine.record(RunLogRecord(.runStarted, at: machine.now, run: id, trigger: .simulated))
    var run = StoreMachine.Run(
      id: id, trigger: .simulated, startDate: machine.now, input: Self.kept(input),
      waiters: SmallList())
    run.task = task
    machine.runs.append(run)
  }

  mutating func simulateFailure(_ failure: State.Failure) {
    guard state.automaticRunInput != nil else { return }
    cancelRuns(reverting: false) { _ in true }
    machine.pendingRerun = nil
    // A failed run, as a real one: the last content stays next to the error.
    let id = machine.takeRunID()
    let now = machine.now
    var failed = state
    failed.apply(.runStarted(id, input: state.automaticRunInput!, date: now))
    failed.apply(.runFinished(id, .failure(failure), date: now))
    state = OperationStore.marking(failed, as: .failure, runCount: failed.runCount)
    machine.record(RunLogRecord(.runStarted, at: now, run: id, trigger: .simulated))
    machine.record(
      RunLogRecord(.failed, at: now, run: id, attempt: 1, otherDate: now, payload: failure))
    notify()
  }

  mutating func endSimulation(_ simulation: SimulatedState) {
    if let id = simulation.run, let index = machine.index(of: id) {
      // The simulated run ends, cancelled; whoever joined it derives a real run.
      let run = machine.runs.remove(at: index)
      if let task = run.task { machine.effects.actions.append(.cancel(task)) }
      for waiter in run.waiters { machine.resume(waiter, with: .again) }
      apply(.runCancelled(id, reverted: true, date: machine.now))
      machine.record(
        RunLogRecord(
          .cancelled, at: machine.now, run: id, attempt: 1, otherDate: run.startDate,
          flag: true))
    }
    guard !machine.hasRuns, OperationStore.counts(of: state) == simulation.counts,
      let previous = simulation.previous as? State
    else { return }
    // What was there before, with the runs counted since (the simulated one included).
    state = OperationStore.marking(previous, as: nil, runCount: state.runCount)
    notify()
    if state.isStale(at: machine.now) { startAutomaticRunIfNeeded(.refetch) }
  }
}
