import Foundation

/// The machine's transitions for what a run reports before it ends: yields, retries, transfer
/// progress, pauses.
extension OperationStore.Storage {
  mutating func yield(
    _ result: Result<State.OperationValue, State.Failure>, of run: OperationRunID
  ) {
    guard let index = runs.firstIndex(where: { $0.id == run }) else { return }
    if runs[index].revertState == nil {
      dropRevertStates()
      runs[index].revertState = state
    } else if runs.count > 1 {
      for other in runs.indices where other != index { runs[other].revertState = nil }
    }
    apply(.runYielded(run, result, date: now))
    record(RunLogRecord(.yielded, at: now, run: run, attempt: runs[index].attempt))
  }

  mutating func scheduleRetry(_ progress: RetryProgress<State.Failure>, of run: OperationRunID) {
    guard let index = runs.firstIndex(where: { $0.id == run }) else { return }
    runs[index].attempt = progress.failedAttempts + 1
    apply(.retryScheduled(run, progress))
    record(
      RunLogRecord(
        .attemptFailed, at: now, run: run, attempt: progress.failedAttempts,
        payload: progress.lastFailure))
    record(
      RunLogRecord(
        .retryScheduled, at: now, run: run, attempt: progress.failedAttempts + 1,
        otherDate: progress.nextAttemptDate))
  }

  mutating func startAttempt(of run: OperationRunID) {
    guard let index = runs.firstIndex(where: { $0.id == run }) else { return }
    apply(.attemptStarted(run, date: now))
    record(RunLogRecord(.attemptStarted, at: now, run: run, attempt: runs[index].attempt))
  }

  /// A transfer report changes the state and notifies subscribers; it is not logged (there
  /// may be dozens a second).
  mutating func transfer(_ progress: TransferProgress, of run: OperationRunID) {
    guard runs.contains(where: { $0.id == run }) else { return }
    apply(.transferProgressed(run, progress))
  }

  mutating func pause(_ run: OperationRunID, for reason: PauseReason) {
    guard let index = runs.firstIndex(where: { $0.id == run }), runs[index].pausedSince == nil
    else { return }
    runs[index].pausedSince = now
    apply(.runPaused(run))
    record(
      RunLogRecord(.paused, at: now, run: run, attempt: runs[index].attempt, payload: reason))
    // Callers that only wanted the run started (a client-wide refetch) go on now.
    while let waiter = runs[index].waiters.remove(where: \.returnsWhenPaused) {
      resume(waiter, with: .paused)
    }
  }

  mutating func resume(_ run: OperationRunID) {
    guard let index = runs.firstIndex(where: { $0.id == run }),
      let since = runs[index].pausedSince
    else { return }
    runs[index].pausedSince = nil
    apply(.runResumed(run))
    record(
      RunLogRecord(
        .resumed, at: now, run: run, attempt: runs[index].attempt, otherDate: since))
  }
}
