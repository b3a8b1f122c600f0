import Foundation
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request handed to a transport that answers from a thread of its own (libcurl's event
/// loop, URLSession's delegate queue): whoever finishes it first — the transport with the
/// outcome, or the caller's side with a cancellation or a passed deadline — decides the
/// outcome, and the waiting task is resumed exactly once, straight from that thread.
///
/// When the caller's side finishes first, the exchange calls the transport's abandon hook so
/// that it stops the request; later outcomes from the transport are dropped.
final class TransportExchange: Sendable {
  typealias Outcome = Result<HTTPResponse, any Error>

  private struct State {
    var waiter: UnsafeContinuation<Outcome, Never>?
    /// The outcome, while nobody waits for it yet.
    var pending: Outcome?
    var isFinished = false
    var isAbandoned = false
    var abandon: (@Sendable () -> Void)?
  }

  private let state = SanitizerVisibleMutex(State())

  /// Whether the exchange has its outcome (a transport drops a request whose caller has gone).
  var isFinished: Bool { state.withLock { $0.isFinished } }

  /// Tells the exchange how to stop the request when the caller's side finishes it first; runs
  /// `abandon` at once when that has happened already, and drops it when the transport has
  /// finished.
  func onAbandon(_ abandon: @escaping @Sendable () -> Void) {
    let abandoned = state.withLock { state -> Bool in
      if state.isAbandoned { return true }
      if !state.isFinished { state.abandon = abandon }
      return false
    }
    if abandoned { abandon() }
  }

  /// The transport's outcome; false when the exchange had been finished already.
  @discardableResult
  func finish(_ outcome: Outcome) -> Bool {
    let (decided, waiter) = state.withLock { state -> (Bool, UnsafeContinuation<Outcome, Never>?) in
      guard !state.isFinished else { return (false, nil) }
      state.isFinished = true
      state.abandon = nil
      guard let waiter = state.waiter else {
        state.pending = outcome
        return (true, nil)
      }
      state.waiter = nil
      return (true, waiter)
    }
    waiter?.resume(returning: outcome)
    return decided
  }

  /// Finishes the exchange from the caller's side with `error` and stops the request.
  func abandon(with error: any Error) {
    let (waiter, abandon) = state.withLock {
      state -> (UnsafeContinuation<Outcome, Never>?, (@Sendable () -> Void)?) in
      guard !state.isFinished else { return (nil, nil) }
      state.isFinished = true
      state.isAbandoned = true
      defer {
        state.waiter = nil
        state.abandon = nil
      }
      if state.waiter == nil { state.pending = .failure(error) }
      return (state.waiter, state.abandon)
    }
    waiter?.resume(returning: .failure(error))
    abandon?()
  }

  /// Waits for the outcome; call once.
  func outcome() async -> Outcome {
    await withUnsafeContinuation { continuation in
      let pending = state.withLock { state -> Outcome? in
        if let pending = state.pending {
          state.pending = nil
          return pending
        }
        state.waiter = continuation
        return nil
      }
      if let pending { continuation.resume(returning: pending) }
    }
  }
}

/// A transport that answers through a ``TransportExchange`` from its own thread, so that
/// ``APIClient`` awaits the answer on the caller's task — no task in between, and the
/// deadline and cancellation finish the same exchange.
protocol ExchangeTransport: HTTPTransport {
  /// Starts sending `request`; its outcome arrives through `exchange`. The transport registers
  /// an abandon hook before it starts anything that needs stopping.
  func start(_ request: URLRequest, limits: TransportLimits, exchange: TransportExchange)
}

extension ExchangeTransport {
  /// `send` for callers that await the transport directly: cancelling the calling task answers
  /// it at once and stops the request.
  func sendThroughExchange(_ request: URLRequest, limits: TransportLimits) async throws
    -> HTTPResponse
  {
    try Task.checkCancellation()
    let exchange = TransportExchange()
    start(request, limits: limits, exchange: exchange)
    return try await withTaskCancellationHandler {
      await exchange.outcome()
    } onCancel: {
      exchange.abandon(with: CancellationError())
    }.get()
  }
}
