import Foundation
import TetherSynchronization

/// What a run reports through its continuation before it returns: yields, scheduled retries,
/// pauses, and the progress it keeps across attempts.
extension OperationStore: OperationContinuationSink {
  @usableFromInline typealias Value = State.OperationValue
  @usableFromInline typealias Failure = State.Failure

  @usableFromInline
  func receive(_ result: Result<State.OperationValue, State.Failure>, of run: OperationRunID) {
    perform(
      update { storage, effects in
        guard let index = storage.runs.firstIndex(where: { $0.id == run }) else { return }
        if storage.runs[index].revertState == nil {
          dropRevertStates(in: &storage)
          storage.runs[index].revertState = storage.state
        } else if storage.runs.count > 1 {
          for other in storage.runs.indices where other != index {
            storage.runs[other].revertState = nil
          }
        }
        let date = clock.now()
        apply(.runYielded(run, result, date: date), to: &storage, effects: &effects)
        log(
          RunLogRecord(.yielded, at: date, run: run, attempt: storage.runs[index].attempt),
          in: &storage)
      })
  }

  @usableFromInline
  func receiveRetry(_ progress: RetryProgress<State.Failure>, of run: OperationRunID) {
    perform(
      update { storage, effects in
        guard let index = storage.runs.firstIndex(where: { $0.id == run }) else { return }
        storage.runs[index].attempt = progress.failedAttempts + 1
        let date = clock.now()
        apply(.retryScheduled(run, progress), to: &storage, effects: &effects)
        log(
          RunLogRecord(
            .attemptFailed, at: date, run: run, attempt: progress.failedAttempts,
            payload: progress.lastFailure), in: &storage)
        log(
          RunLogRecord(
            .retryScheduled, at: date, run: run, attempt: progress.failedAttempts + 1,
            otherDate: progress.nextAttemptDate), in: &storage)
      })
  }

  @usableFromInline
  func receiveAttemptStart(of run: OperationRunID) {
    perform(
      update { storage, effects in
        guard let index = storage.runs.firstIndex(where: { $0.id == run }) else { return }
        let date = clock.now()
        apply(.attemptStarted(run, date: date), to: &storage, effects: &effects)
        log(
          RunLogRecord(.attemptStarted, at: date, run: run, attempt: storage.runs[index].attempt),
          in: &storage)
      })
  }

  /// A transfer report changes the state and notifies subscribers; it is not logged (there
  /// may be dozens a second).
  @usableFromInline
  func receiveTransfer(_ progress: TransferProgress, of run: OperationRunID) {
    perform(
      update { storage, effects in
        guard storage.runs.contains(where: { $0.id == run }) else { return }
        apply(.transferProgressed(run, progress), to: &storage, effects: &effects)
      })
  }

  @usableFromInline
  func receivePause(_ reason: PauseReason, of run: OperationRunID) {
    perform(
      update { storage, effects in
        guard let index = storage.runs.firstIndex(where: { $0.id == run }),
          storage.runs[index].pausedSince == nil
        else { return }
        let date = clock.now()
        storage.runs[index].pausedSince = date
        apply(.runPaused(run), to: &storage, effects: &effects)
        log(
          RunLogRecord(
            .paused, at: date, run: run, attempt: storage.runs[index].attempt, payload: reason),
          in: &storage)
        // Callers that only wanted the run started (a client-wide refetch) go on now.
        while let waiter = storage.runs[index].waiters.remove(where: \.returnsWhenPaused) {
          effects.resume(waiter.continuation, with: .paused)
        }
      })
  }

  @usableFromInline
  func receiveResume(of run: OperationRunID) {
    perform(
      update { storage, effects in
        guard let index = storage.runs.firstIndex(where: { $0.id == run }),
          let since = storage.runs[index].pausedSince
        else { return }
        let date = clock.now()
        storage.runs[index].pausedSince = nil
        apply(.runResumed(run), to: &storage, effects: &effects)
        log(
          RunLogRecord(
            .resumed, at: date, run: run, attempt: storage.runs[index].attempt,
            otherDate: since), in: &storage)
      })
  }

  @usableFromInline
  func progress(of run: OperationRunID) -> (any Sendable)? {
    withStorage { storage in storage.runs.first { $0.id == run }?.progress }
  }

  @usableFromInline
  func saveProgress(_ progress: any Sendable, of run: OperationRunID) {
    withStorage { storage in
      guard let index = storage.runs.firstIndex(where: { $0.id == run }) else { return }
      storage.runs[index].progress = progress
    }
  }
}
