/// Which proxy ``CurlTransport`` sends a request through, read from the environment as curl
/// and most Unix tools read it.
///
/// `http_proxy` for `http://` URLs (lowercase only: the uppercase form is ignored, as a CGI
/// program could be handed it by a client, the "httpoxy" hole), `https_proxy` or `HTTPS_PROXY`
/// for `https://` URLs, and `no_proxy` or `NO_PROXY` — a comma-separated list of host names,
/// domains (`.example.com` or `example.com` match subdomains too) and `*` — for hosts to reach
/// directly.
///
/// ```swift
/// let proxies = ProxySettings(environment: ["https_proxy": "http://proxy:3128", "no_proxy": "localhost"])
/// let transport = CurlTransport(configuration: .init(proxies: proxies))
/// ```
public struct ProxySettings: Sendable, Hashable {
  /// The proxy for `http://` URLs.
  public var http: String?
  /// The proxy for `https://` URLs.
  public var https: String?
  /// Hosts reached directly, in curl's `no_proxy` syntax.
  public var noProxy: String?

  /// Proxies for plain and TLS requests, and the hosts reached without one.
  public init(http: String? = nil, https: String? = nil, noProxy: String? = nil) {
    self.http = http
    self.https = https
    self.noProxy = noProxy
  }

  /// The settings `environment` (the process's, by default) asks for.
  public init(environment: [String: String]) {
    func value(_ names: String...) -> String? {
      names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }
    http = value("http_proxy")
    https = value("https_proxy", "HTTPS_PROXY")
    noProxy = value("no_proxy", "NO_PROXY")
  }

  /// No proxy at all.
  public static let none = ProxySettings()

  /// The proxy for a URL with `scheme`, or nil to connect directly.
  func proxy(forScheme scheme: String) -> String? {
    scheme.lowercased() == "https" ? https : http
  }
}
