/// Fails a run that takes longer than `duration` on the context's clock.
///
/// The run is cancelled when the time is up; cancellation is cooperative, so the modifier
/// returns once the operation has stopped.
public struct TimeoutModifier<Operation: OperationRequest>: OperationModifier {
  /// The longest a run may take.
  public let duration: Duration
  private let timeoutFailure: @Sendable (Duration) -> Operation.Failure

  init(duration: Duration, failure: @escaping @Sendable (Duration) -> Operation.Failure) {
    self.duration = duration
    self.timeoutFailure = failure
  }

  private enum Outcome: Sendable {
    case finished(Result<Operation.Value, Operation.Failure>)
    case timedOut
    case cancelled
  }

  public func run(
    _ input: Operation.Input, in context: OperationContext, using operation: Operation,
    with continuation: Continuation
  ) async throws(Operation.Failure) -> Operation.Value {
    let clock = context.clock
    let duration = duration
    let result = await withTaskGroup(of: Outcome.self) { group in
      group.addTask {
        do throws(Operation.Failure) {
          return .finished(
            .success(try await operation.run(input, in: context, with: continuation)))
        } catch {
          return .finished(.failure(error))
        }
      }
      group.addTask {
        do {
          try await clock.sleep(for: duration)
          return .timedOut
        } catch {
          return .cancelled
        }
      }
      while let outcome = await group.next() {
        switch outcome {
        case .finished(let result):
          group.cancelAll()
          return result
        case .timedOut:
          group.cancelAll()
          return .failure(timeoutFailure(duration))
        case .cancelled:
          continue
        }
      }
      preconditionFailure("the operation's task always finishes")
    }
    return try result.get()
  }
}

/// The failure of a run that took longer than its timeout.
public struct OperationTimeoutError: Error, Hashable, CustomStringConvertible {
  /// The timeout that was exceeded.
  public var duration: Duration

  /// The failure of a run that took longer than `duration`.
  public init(duration: Duration) {
    self.duration = duration
  }

  public var description: String {
    "The operation timed out after \(duration.formatted(.units(allowed: [.seconds, .milliseconds])))."
  }
}

/// A failure type that can say "timed out", so typed operations can use `.timeout(_:)`.
public protocol TimeoutFailure: Error {
  /// The failure for a run that took longer than `duration`.
  static func timedOut(after duration: Duration) -> Self
}

extension OperationRequest where Failure == any Error {
  /// Fails a run with ``OperationTimeoutError`` when it takes longer than `duration`.
  public func timeout(_ duration: Duration) -> ModifiedOperation<Self, TimeoutModifier<Self>> {
    modifier(TimeoutModifier(duration: duration) { OperationTimeoutError(duration: $0) })
  }
}

extension OperationRequest where Failure: TimeoutFailure {
  /// Fails a run with `Failure.timedOut(after:)` when it takes longer than `duration`.
  public func timeout(_ duration: Duration) -> ModifiedOperation<Self, TimeoutModifier<Self>> {
    modifier(TimeoutModifier(duration: duration) { Failure.timedOut(after: $0) })
  }
}
