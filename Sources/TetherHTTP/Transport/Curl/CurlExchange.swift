import Foundation
import TetherSynchronization

/// What the caller of one ``CurlTransport`` send and the event loop share: the continuation,
/// resumed exactly once — by the loop with the outcome, or at once by a cancellation.
final class CurlExchange: Sendable {
  private struct State {
    var continuation: CheckedContinuation<HTTPResponse, any Error>?
    var outcome: Result<HTTPResponse, any Error>?
  }

  private let state = SanitizerVisibleMutex(State())

  /// Installs the continuation; false when the exchange already ended (cancelled first).
  func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
    let outcome = state.withLock { state -> Result<HTTPResponse, any Error>? in
      if let outcome = state.outcome { return outcome }
      state.continuation = continuation
      return nil
    }
    guard let outcome else { return true }
    continuation.resume(with: outcome)
    return false
  }

  /// Whether the exchange has ended (the loop drops a transfer whose caller is gone).
  var isFinished: Bool { state.withLock { $0.outcome != nil } }

  /// Resumes the caller with `outcome` unless it has been resumed already.
  func finish(_ outcome: Result<HTTPResponse, any Error>) {
    let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
      guard state.outcome == nil else { return nil }
      state.outcome = outcome
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume(with: outcome)
  }
}
