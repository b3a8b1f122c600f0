import TetherSynchronization

extension RunCondition {
  /// Returns once the condition holds: at once if it does, otherwise when it becomes true;
  /// false when the calling task is cancelled first.
  public func waitUntilSatisfied(in context: OperationContext) async -> Bool {
    if isSatisfied(in: context) { return true }
    let waiter = ConditionWaiter()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        waiter.install(continuation)
        let subscription = subscribe(in: context) { isSatisfied in
          if isSatisfied { waiter.finish(true) }
        }
        waiter.keep(subscription)
        // It may have become true between the first check and the subscription.
        if isSatisfied(in: context) { waiter.finish(true) }
        if Task.isCancelled { waiter.finish(false) }
      }
    } onCancel: {
      waiter.finish(false)
    }
  }
}

/// Resumes one waiter once, and ends its subscription.
private final class ConditionWaiter: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Bool, Never>?
    var subscription: OperationSubscription?
    var result: Bool?
  }

  private let state = SanitizerVisibleMutex(State())

  func install(_ continuation: CheckedContinuation<Bool, Never>) {
    let result = state.withLock { state -> Bool? in
      if let result = state.result { return result }
      state.continuation = continuation
      return nil
    }
    if let result { continuation.resume(returning: result) }
  }

  func keep(_ subscription: OperationSubscription) {
    let isFinished = state.withLock { state -> Bool in
      if state.result != nil { return true }
      state.subscription = subscription
      return false
    }
    if isFinished { subscription.cancel() }
  }

  func finish(_ result: Bool) {
    let (continuation, subscription) = state.withLock {
      state -> (CheckedContinuation<Bool, Never>?, OperationSubscription?) in
      guard state.result == nil else { return (nil, nil) }
      state.result = result
      defer {
        state.continuation = nil
        state.subscription = nil
      }
      return (state.continuation, state.subscription)
    }
    subscription?.cancel()
    continuation?.resume(returning: result)
  }
}
