import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Adds an `Authorization` header from an async credential provider and, given a `refresh`,
/// recovers from `401 Unauthorized` by refreshing once and restarting the request.
///
/// A request that already has an `Authorization` header (the endpoint's own) is left alone, and
/// its 401 is not this interceptor's business. Concurrent requests that hit 401 with the same
/// stale credential share one refresh; a request whose credential was already replaced just
/// restarts. A provider that returns `nil` sends the request without credentials.
///
/// ```swift
/// let auth = AuthenticationInterceptor(
///   credential: { .bearer(try await session.accessToken()) },
///   refresh: { try await session.refreshAccessToken() })
/// client.interceptors.append(auth)
/// ```
public struct AuthenticationInterceptor: HTTPInterceptor {
  /// A credential and the `Authorization` header it becomes.
  public enum Credential: Sendable, Hashable {
    /// `Authorization: Bearer <token>`
    case bearer(String)
    /// `Authorization: Basic <base64(username:password)>`
    case basic(username: String, password: String)

    /// The `Authorization` header value.
    public var authorizationValue: String {
      switch self {
      case .bearer(let token):
        "Bearer \(token)"
      case .basic(let username, let password):
        "Basic \(Data("\(username):\(password)".utf8).base64EncodedString())"
      }
    }
  }

  private let credential: @Sendable () async throws -> Credential?
  private let refresher: CredentialRefresher?

  /// - Parameters:
  ///   - credential: the current credential, asked for before every request.
  ///   - refresh: replaces the credential after a 401 (so `credential` returns the new one);
  ///     `nil` leaves 401 responses alone.
  public init(
    credential: @escaping @Sendable () async throws -> Credential?,
    refresh: (@Sendable () async throws -> Void)? = nil
  ) {
    self.credential = credential
    self.refresher = refresh.map(CredentialRefresher.init)
  }

  public func intercept(_ request: URLRequest, context: InterceptorContext) async throws(HTTPError)
    -> RequestInterception
  {
    guard request.value(forHTTPHeaderField: "Authorization") == nil else {
      return .proceed(request)
    }
    guard let value = try await currentAuthorization() else { return .proceed(request) }
    refresher?.noteIssued(value)
    var request = request
    request.setValue(value, forHTTPHeaderField: "Authorization")
    return .proceed(request)
  }

  public func intercept(_ outcome: ResponseOutcome, context: InterceptorContext) async
    -> ResponseInterception
  {
    guard let refresher, outcome.statusCode == 401, context.remainingRestarts > 0,
      let sent = outcome.request.value(forHTTPHeaderField: "Authorization"),
      refresher.didIssue(sent)
    else { return .proceed(outcome) }
    do {
      try await refresher.refresh(replacing: sent) { () async throws(HTTPError) -> String? in
        try await currentAuthorization()
      }
      return .restart
    } catch {
      return .proceed(outcome)
    }
  }

  private func currentAuthorization() async throws(HTTPError) -> String? {
    do {
      return try await credential()?.authorizationValue
    } catch is CancellationError {
      throw .cancelled
    } catch let error as HTTPError {
      throw error
    } catch {
      throw .invalidRequest("the credentials could not be obtained: \(error)")
    }
  }
}
