import Foundation

/// The machine's transitions for what a run reports before it ends: yields, retries, transfer
/// progress, pauses.
extension OperationStore.Storage {
  mutating func yield(
    _ result: Result<State.OperationValue, State.Failure>, of run: OperationRunID
  ) {
    guard let index = machine.index(of: run) else { return }
    if machine.runs[index].revertState == nil {
      machine.dropRevertStates()
      machine.runs[index].revertState = TypedStateBox(state)
    } else if machine.runs.count > 1 {
      for other in machine.runs.indices where other != index {
        machine.runs[other].revertState = nil
      }
    }
    apply(.runYielded(run, result, date: machine.now))
    machine.record(
      RunLogRecord(.yielded, at: machine.now, run: run, attempt: machine.runs[index].attempt))
  }

  mutating func scheduleRetry(_ progress: RetryProgress<State.Failure>, of run: OperationRunID) {
    guard let index = machine.index(of: run) else { return }
    machine.runs[index].attempt = progress.failedAttempts + 1
    apply(.retryScheduled(run, progress))
    machine.record(
      RunLogRecord(
        .attemptFailed, at: machine.now, run: run, attempt: progress.failedAttempts,
        payload: progress.lastFailure))
    machine.record(
      RunLogRecord(
        .retryScheduled, at: machine.now, run: run, attempt: progress.failedAttempts + 1,
        otherDate: progress.nextAttemptDate))
  }

  mutating func startAttempt(of run: OperationRunID) {
    guard let index = machine.index(of: run) else { return }
    apply(.attemptStarted(run, date: machine.now))
    machine.record(
      RunLogRecord(
        .attemptStarted, at: machine.now, run: run, attempt: machine.runs[index].attempt))
  }

  /// A transfer report changes the state and notifies subscribers; it is not logged (there
  /// may be dozens a second).
  mutating func transfer(_ progress: TransferProgress, of run: OperationRunID) {
    guard machine.index(of: run) != nil else { return }
    apply(.transferProgressed(run, progress))
  }

  mutating func pause(_ run: OperationRunID, for reason: PauseReason) {
    guard let index = machine.index(of: run), machine.runs[index].pausedSince == nil
    else { return }
    machine.runs[index].pausedSince = machine.now
    apply(.runPaused(run))
    machine.record(
      RunLogRecord(
        .paused, at: machine.now, run: run, attempt: machine.runs[index].attempt,
        payload: reason))
    // Callers that only wanted the run started (a client-wide refetch) go on now.
    while let waiter = machine.runs[index].waiters.remove(where: \.returnsWhenPaused) {
      machine.resume(waiter, with: .paused)
    }
  }

  mutating func resume(_ run: OperationRunID) {
    guard let index = machine.index(of: run), let since = machine.runs[index].pausedSince
    else { return }
    machine.runs[index].pausedSince = nil
    apply(.runResumed(run))
    machine.record(
      RunLogRecord(
        .resumed, at: machine.now, run: run, attempt: machine.runs[index].attempt,
        otherDate: since))
  }
}
