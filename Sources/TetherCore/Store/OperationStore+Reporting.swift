import Foundation
import TetherSynchronization

/// What a run reports through its continuation before it returns: yields, scheduled retries,
/// pauses, and the progress it keeps across attempts. Each is an input of the store machine.
extension OperationStore: OperationContinuationSink {
  /// The continuation run `run` reports through. Made here, not where the run starts, so that
  /// the sink protocol stays internal: one call per run.
  @usableFromInline
  func continuation(
    for run: OperationRunID
  ) -> OperationContinuation<State.OperationValue, State.Failure> {
    OperationContinuation(sink: self, run: run)
  }

  typealias Value = State.OperationValue
  typealias Failure = State.Failure

  func receive(_ result: Result<State.OperationValue, State.Failure>, of run: OperationRunID) {
    send(.yield(run, result))
  }

  func receiveRetry(_ progress: RetryProgress<State.Failure>, of run: OperationRunID) {
    send(.retryScheduled(run, progress))
  }

  func receiveAttemptStart(of run: OperationRunID) {
    send(.attemptStarted(run))
  }

  func receiveTransfer(_ progress: TransferProgress, of run: OperationRunID) {
    send(.transferred(run, progress))
  }

  func receivePause(_ reason: PauseReason, of run: OperationRunID) {
    send(.pause(run, reason))
  }

  func receiveResume(of run: OperationRunID) {
    send(.resume(run))
  }

  func progress(of run: OperationRunID) -> (any Sendable)? {
    withStorage { storage in storage.machine.runs.first { $0.id == run }?.progress }
  }

  func saveProgress(_ progress: any Sendable, of run: OperationRunID) {
    withStorage { storage in
      guard let index = storage.machine.index(of: run) else { return }
      storage.machine.runs[index].progress = progress
    }
  }
}
