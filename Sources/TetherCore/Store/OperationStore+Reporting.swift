import Foundation
import TetherSynchronization

/// What a run reports through its continuation before it returns: yields, scheduled retries,
/// pauses, and the progress it keeps across attempts. Each is an input of the store machine.
extension OperationStore: OperationContinuationSink {
  @usableFromInline
  typealias Value = State.OperationValue
  @usableFromInline
  typealias Failure = State.Failure

  @usableFromInline
  func receive(_ result: Result<State.OperationValue, State.Failure>, of run: OperationRunID) {
    send(.yield(run, result))
  }

  @usableFromInline
  func receiveRetry(_ progress: RetryProgress<State.Failure>, of run: OperationRunID) {
    send(.retryScheduled(run, progress))
  }

  @usableFromInline
  func receiveAttemptStart(of run: OperationRunID) {
    send(.attemptStarted(run))
  }

  @usableFromInline
  func receiveTransfer(_ progress: TransferProgress, of run: OperationRunID) {
    send(.transferred(run, progress))
  }

  @usableFromInline
  func receivePause(_ reason: PauseReason, of run: OperationRunID) {
    send(.pause(run, reason))
  }

  @usableFromInline
  func receiveResume(of run: OperationRunID) {
    send(.resume(run))
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
