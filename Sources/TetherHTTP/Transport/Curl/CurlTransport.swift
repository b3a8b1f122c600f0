import CCurl
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends requests with libcurl's multi interface: the default transport of ``APIClient``.
///
/// One event-loop thread runs every transfer of a transport (``shared`` for the whole process
/// unless you make your own); it sleeps in `curl_multi_poll` while nothing happens, so waiting
/// on a silent server costs no CPU. Connections are kept alive and reused, HTTP/2 is negotiated
/// over TLS where the server offers it (HTTP/1.1 otherwise), and gzip, deflate, brotli and
/// zstd bodies are decoded as they arrive, straight into the memory that becomes the body.
///
/// - Redirects are followed (at most 10) with the browser rules: 307 and 308 keep the method
///   and body, 303 — and 301 or 302 after a POST — continue as a GET without the body;
///   `Authorization` and `Cookie` headers do not follow a redirect to another origin.
/// - A body over ``TransportLimits/maximumResponseSize`` is refused while it arrives (at once
///   when its Content-Length says so).
/// - Cancelling the calling task answers it at once and aborts the transfer on the loop.
/// - Connect and idle timeouts come from ``TransportLimits`` (libcurl counts the idle one in
///   whole seconds, rounded up).
/// - Proxies come from `http_proxy`, `https_proxy` and `no_proxy` (``ProxySettings``); TLS
///   certificates are verified against the system's CA store.
/// - A `401` challenge (`WWW-Authenticate: Basic`) is returned as the 401 response for the
///   caller to handle, never answered nor waited on.
/// - Cookies are kept in memory, shared by the transport's requests, and deleted when the
///   server says so (`Max-Age=0`).
///
/// Failures are `URLError`s whose `URLError.curlCode` and
/// `URLError.curlMessage` keep what libcurl said.
///
/// ```swift
/// let client = APIClient(baseURL: url)                                   // CurlTransport.shared
/// let own = APIClient(baseURL: url, transport: CurlTransport(
///   configuration: .init(maximumConnectionsPerHost: 16, storesCookies: false)))
/// ```
public final class CurlTransport: HTTPTransport, ExchangeTransport {
  /// How a transport's transfers behave.
  public struct Configuration: Sendable {
    /// The most connections open to one host at a time; further requests wait for one.
    public var maximumConnectionsPerHost: Int
    /// Whether cookies servers set are kept (in memory) and sent back.
    public var storesCookies: Bool
    /// The proxies to use, the environment's by default.
    public var proxies: ProxySettings
    /// The certificate bundle TLS peers are verified against: the system's by default.
    public var certificateAuthorities: String?
    /// The `User-Agent` of requests that do not set their own.
    public var userAgent: String

    /// A configuration; by default 8 connections per host, cookies kept in memory, the proxies of
    /// the environment, the system's certificate authorities.
    public init(
      maximumConnectionsPerHost: Int = 8, storesCookies: Bool = true,
      proxies: ProxySettings = ProxySettings(environment: ProcessInfo.processInfo.environment),
      certificateAuthorities: String? = CurlTransport.systemCertificateBundle,
      userAgent: String = CurlTransport.defaultUserAgent
    ) {
      self.maximumConnectionsPerHost = maximumConnectionsPerHost
      self.storesCookies = storesCookies
      self.proxies = proxies
      self.certificateAuthorities = certificateAuthorities
      self.userAgent = userAgent
    }
  }

  /// The process's transport: one event loop and one connection cache for every client that
  /// does not bring its own.
  public static let shared = CurlTransport()

  private let loop: CurlEventLoop

  /// A transport with its own event-loop thread, connections and cookies.
  public init(configuration: Configuration = Configuration()) {
    loop = CurlEventLoop(configuration: configuration)
  }

  deinit {
    loop.requestStop()
  }

  /// Stops the event loop and returns once its thread has freed every handle and closed every
  /// connection; requests in flight fail as cancelled, later ones at once. (Dropping the last
  /// reference does the same without waiting.)
  public func close() async {
    await loop.stop()
  }

  public func send(_ request: URLRequest, limits: TransportLimits) async throws -> HTTPResponse {
    try await sendThroughExchange(request, limits: limits)
  }

  /// Streams the body as libcurl's write callback receives it (see ``HTTPByteStream``).
  public func stream(_ request: URLRequest, limits: TransportLimits) async throws
    -> HTTPStreamedResponse
  {
    try Task.checkCancellation()
    var prepared = try CurlRequest(request, limits: limits)
    let channel = CurlStreamChannel()
    prepared.streamChannel = channel
    let exchange = TransportExchange()
    let loop = loop
    let id = loop.start(prepared, exchange: exchange)
    exchange.onAbandon { loop.cancel(id) }
    let head = try await withTaskCancellationHandler {
      await exchange.outcome()
    } onCancel: {
      exchange.abandon(with: CancellationError())
    }.get()
    return HTTPStreamedResponse(
      metadata: head.metadata,
      body: HTTPByteStream(next: { try await channel.next() }, cancel: { channel.cancel() }))
  }

  func start(_ request: URLRequest, limits: TransportLimits, exchange: TransportExchange) {
    let prepared: CurlRequest
    do {
      prepared = try CurlRequest(request, limits: limits)
    } catch {
      exchange.finish(.failure(error))
      return
    }
    let loop = loop
    let id = loop.start(prepared, exchange: exchange)
    // A caller answered first (cancelled, past its deadline): the loop aborts the transfer, or
    // never starts it (it skips exchanges that have finished).
    exchange.onAbandon { loop.cancel(id) }
  }

  /// The CA bundle of the distribution (Debian and Ubuntu, Fedora and RHEL, openSUSE, Alpine),
  /// or nil to use libcurl's built-in default.
  public static let systemCertificateBundle: String? = [
    "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt",
    "/etc/ssl/ca-bundle.pem", "/etc/ssl/cert.pem",
  ].first { FileManager.default.fileExists(atPath: $0) }

  /// `TetherHTTP (libcurl/7.88.1)`.
  public static let defaultUserAgent: String = {
    // Not `curl_version()`: the text it makes names every library libcurl uses, and asking
    // OpenLDAP for its version reads its configuration and loads the SASL plug-ins (10 ms).
    "TetherHTTP (libcurl/\(String(cString: tether_curl_version_number())))"
  }()
}
