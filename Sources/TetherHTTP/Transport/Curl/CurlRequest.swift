import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request as the event loop sends it: plain values copied out of the `URLRequest` on the
/// caller's thread, and the follow-up request of a redirect.
struct CurlRequest: Sendable {
  var url: URL
  var method: String
  /// Header fields in order, as `Name: value` lines.
  var headers: [(name: String, value: String)]
  var body: Data?
  /// A multipart body, read from its parts (files from disk) while it is sent, from the start
  /// again after a 307 or 308.
  var streamedBody: [MultipartSegment]?
  var limits: TransportLimits
  /// Told how far the transfer has come, throttled (see ``TransferReporting``).
  var reportTransfer: TransferReporting.Reporter?
  /// Where the body goes as it arrives, for a streamed response; nil collects it whole.
  var streamChannel: CurlStreamChannel?
  /// Redirects followed so far.
  var redirectCount = 0

  /// The most redirects followed before the request fails, as browsers and curl allow.
  static let maximumRedirects = 10

  init(_ request: URLRequest, limits: TransportLimits) throws(URLError) {
    guard let url = request.url, let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https"
    else { throw URLError(.unsupportedURL) }
    self.url = url
    method = request.httpMethod ?? "GET"
    headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map {
      (name: $0.key, value: $0.value)
    }
    body = request.httpBody
    if let stream = request.httpBodyStream {
      if let multipart = stream as? MultipartBodyStream {
        streamedBody = multipart.segments
        // libcurl writes the length it is given for the body.
        headers.removeAll { $0.name.lowercased() == "content-length" }
      } else {
        body = Self.readWhole(stream)
      }
    }
    self.limits = limits
    reportTransfer = TransferReporting.current
  }

  /// The request a `status` redirect to `location` asks for, with the method and body rules of
  /// RFC 9110 as browsers apply them: 307 and 308 keep both; 303 turns anything but HEAD into a
  /// body-less GET; 301 and 302 turn POST into a body-less GET. Credentials and cookies set by
  /// the caller do not follow a redirect to another origin.
  func redirected(status: Int, to location: URL) -> CurlRequest {
    var next = self
    next.url = location
    next.redirectCount += 1
    let becomesGet =
      (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST")
    if becomesGet {
      next.method = "GET"
      next.body = nil
      next.streamedBody = nil
      next.headers.removeAll { Self.bodyHeaders.contains($0.name.lowercased()) }
    }
    if !Self.sameOrigin(url, location) {
      next.headers.removeAll { Self.credentialHeaders.contains($0.name.lowercased()) }
    }
    return next
  }

  /// A body stream of another kind, read whole here: libcurl needs to know where it ends.
  private static func readWhole(_ stream: InputStream) -> Data {
    var data = Data()
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 << 10)
    defer { buffer.deallocate() }
    stream.open()
    defer { stream.close() }
    while true {
      let count = stream.read(buffer, maxLength: 64 << 10)
      if count <= 0 { return data }
      data.append(buffer, count: count)
    }
  }

  private static let bodyHeaders: Set<String> = [
    "content-type", "content-length", "content-encoding", "transfer-encoding",
  ]
  private static let credentialHeaders: Set<String> = [
    "authorization", "cookie", "proxy-authorization",
  ]

  private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
    a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
      && (a.port ?? defaultPort(a)) == (b.port ?? defaultPort(b))
  }

  private static func defaultPort(_ url: URL) -> Int {
    url.scheme?.lowercased() == "https" ? 443 : 80
  }
}
