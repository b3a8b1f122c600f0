import Foundation
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Watches requests go out and outcomes come back, for logging and metrics; it cannot change
/// anything.
///
/// Observers are called synchronously on the sending task, once per exchange — a send that
/// restarts after a token refresh is two exchanges. Keep them quick and never block.
///
/// ```swift
/// final class InFlight: HTTPObserver {
///   let count = SanitizerVisibleMutex(0)
///   func willSend(_ request: URLRequest) { count.withLock { $0 += 1 } }
///   func didFinish(_ exchange: HTTPExchange) { count.withLock { $0 -= 1 } }
/// }
/// ```
public protocol HTTPObserver: Sendable {
  /// A request is about to be sent (after every request interceptor).
  func willSend(_ request: URLRequest)
  /// A request finished: its response or failure, and how long it took.
  func didFinish(_ exchange: HTTPExchange)
}

extension HTTPObserver {
  public func willSend(_ request: URLRequest) {}
  public func didFinish(_ exchange: HTTPExchange) {}
}

/// One finished request as observers see it.
public struct HTTPExchange: Sendable {
  /// The request as sent.
  public var request: URLRequest
  /// The response metadata, or `nil` when no response arrived.
  public var response: HTTPURLResponse?
  /// Why the exchange failed (status, transport, decoding, …), or `nil` on success.
  public var failure: HTTPError?
  /// From just before sending to just after parsing, on the client's clock.
  public var duration: Duration
  /// The response's body as it arrived (before parsing), or `nil` when no response arrived;
  /// for a network log's byte count and excerpt. It shares the client's copy: keeping it
  /// costs no copy, keeping a prefix frees the rest.
  public var responseBody: Data?

  /// An exchange as observers see it once it ended, with its answer or its failure.
  public init(
    request: URLRequest, response: HTTPURLResponse?, failure: HTTPError?, duration: Duration,
    responseBody: Data? = nil
  ) {
    self.request = request
    self.response = response
    self.failure = failure
    self.duration = duration
    self.responseBody = responseBody
  }
}
