import Foundation
import TetherCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A step of the client's pipeline that sees each request on its way out and each outcome on
/// its way back.
///
/// Interceptors form an onion: requests pass them first to last, outcomes pass them last to
/// first, so the first interceptor is the outermost. Both methods default to passing things
/// through unchanged; implement the one you need.
///
/// ```swift
/// struct UserAgent: HTTPInterceptor {
///   func intercept(_ request: URLRequest, context: InterceptorContext) async throws(HTTPError)
///     -> RequestInterception
///   {
///     var request = request
///     request.setValue("Tether/1.0", forHTTPHeaderField: "User-Agent")
///     return .proceed(request)
///   }
/// }
/// ```
public protocol HTTPInterceptor: Sendable {
  /// Sees a request before it is sent: rewrite it and proceed, or answer it yourself.
  func intercept(_ request: URLRequest, context: InterceptorContext) async throws(HTTPError)
    -> RequestInterception

  /// Sees the outcome of a request: the response and the decoded value or the failure. Rewrite
  /// it and proceed, or ask the client to run the whole pipeline again (after a token refresh,
  /// say) — at most ``APIClient/maximumRestarts`` times per send, after which the outcome
  /// proceeds unchanged.
  func intercept(_ outcome: ResponseOutcome, context: InterceptorContext) async
    -> ResponseInterception
}

extension HTTPInterceptor {
  public func intercept(_ request: URLRequest, context: InterceptorContext) async throws(HTTPError)
    -> RequestInterception
  {
    .proceed(request)
  }

  public func intercept(_ outcome: ResponseOutcome, context: InterceptorContext) async
    -> ResponseInterception
  {
    .proceed(outcome)
  }
}

/// What a request interceptor decides.
public enum RequestInterception: Sendable {
  /// Send this (possibly rewritten) request on to the next interceptor and the transport.
  case proceed(URLRequest)
  /// Do not send the request: this is its response (a mock, a cached answer). It is validated
  /// and parsed like a response from the transport; later interceptors never see the request.
  case respond(HTTPResponse)
}

/// What a response interceptor decides.
public enum ResponseInterception: Sendable {
  /// Pass this (possibly rewritten) outcome to the previous interceptor and the caller.
  case proceed(ResponseOutcome)
  /// Run the whole pipeline again from the endpoint, e.g. after refreshing credentials.
  case restart
}

/// The outcome of one pass through the pipeline, as response interceptors see it.
public struct ResponseOutcome: Sendable {
  /// The request as it was sent (after every request interceptor).
  public var request: URLRequest
  /// The raw response, or `nil` when none arrived (transport failure, timeout, cancellation).
  public var response: HTTPResponse?
  /// The endpoint's decoded response, or why there is none. A rewritten success must hold the
  /// endpoint's response type, or the send fails with a decoding failure. When a stream opens
  /// (``APIClient/events(_:lastEventID:reconnects:)``), the value is its ``HTTPStreamedResponse``, whose
  /// body is still arriving.
  public var result: Result<any Sendable, HTTPError>

  /// The outcome of a send as response interceptors see it: the request, the response if any, and
  /// the decoded result or the failure.
  public init(
    request: URLRequest, response: HTTPResponse?, result: Result<any Sendable, HTTPError>
  ) {
    self.request = request
    self.response = response
    self.result = result
  }

  /// The response's status code, if a response arrived.
  public var statusCode: Int? { response?.statusCode }

  /// The failure, if the outcome is one.
  public var failure: HTTPError? {
    if case .failure(let error) = result { error } else { nil }
  }

  /// The decoded value as `type`, if the outcome is a success of that type.
  public func value<Value>(as type: Value.Type) -> Value? {
    if case .success(let value) = result { value as? Value } else { nil }
  }
}

/// What an interceptor knows about the send it is part of.
public struct InterceptorContext: Sendable {
  /// How many times this send has restarted so far (0 on the first pass).
  public var restartCount: Int
  /// How many more restarts this send may ask for; at 0 a `.restart` is ignored, so skip the
  /// recovery work it would need.
  public var remainingRestarts: Int
  /// The client's clock.
  public var clock: any TetherClock

  /// What an interceptor knows of the send it takes part in.
  public init(
    restartCount: Int = 0, remainingRestarts: Int = 0, clock: any TetherClock = SystemClock()
  ) {
    self.restartCount = restartCount
    self.remainingRestarts = remainingRestarts
    self.clock = clock
  }
}
