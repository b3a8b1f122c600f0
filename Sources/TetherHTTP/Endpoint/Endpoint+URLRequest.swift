import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Endpoint {
  /// The request this endpoint sends against `baseURL`, with no I/O.
  ///
  /// The URL is the base URL's path joined to the endpoint's path with exactly one slash (so
  /// `https://host/api` and `https://host/api/` with `posts` or `/posts` all give
  /// `https://host/api/posts`), then the default query items the endpoint does not override,
  /// then the endpoint's. Headers are the defaults, then the body's `Content-Type`, then the
  /// endpoint's own fields, each layer winning over the one before.
  ///
  /// - Throws: ``HTTPError/invalidRequest(_:)`` when the URL is not valid or the body cannot be
  ///   encoded.
  public func urlRequest(
    relativeTo baseURL: URL, defaults: RequestDefaults = RequestDefaults(),
    encoder: JSONEncoder = JSONEncoder()
  ) throws(HTTPError) -> URLRequest {
    let url = try resolvedURL(relativeTo: baseURL, defaultQueryItems: defaults.queryItems)
    var request = URLRequest(url: url)
    if method != .get { request.httpMethod = method.rawValue }
    // URLSession reads it as the idle timeout; the client enforces the total itself.
    request.timeoutInterval = defaults.timeouts.limited(toTotal: timeout).idle.timeInterval

    var fields = defaults.headers
    if let body {
      do {
        try body.apply(to: &request, fields: &fields, encoder: encoder)
      } catch let error as HTTPError {
        throw error
      } catch {
        throw .invalidRequest("the \(self) body could not be encoded: \(error)")
      }
    }
    for field in headers.isEmpty ? fields : fields.merging(headers) {
      request.setValue(field.value, forHTTPHeaderField: field.name)
    }
    return request
  }

  private func resolvedURL(relativeTo baseURL: URL, defaultQueryItems: [URLQueryItem])
    throws(HTTPError) -> URL
  {
    var text = ""
    text.reserveCapacity(128)
    var existingQuery: Substring?
    switch target {
    case .url(let url):
      let (address, query) = Self.splitQuery(url.absoluteString)
      text += address
      existingQuery = query
    case .path(let path):
      let (base, query) = Self.splitQuery(baseURL.absoluteString)
      text += base.utf8.last == UInt8(ascii: "/") ? base.dropLast() : base
      text += "/"
      PercentEncoding.appendPath(path.drop { $0 == "/" }, to: &text)
      existingQuery = query
    }

    var separator = "?"
    if let existingQuery {
      text += separator
      text += existingQuery
      separator = "&"
    }
    let overridden =
      defaultQueryItems.isEmpty || queryItems.isEmpty ? [] : Set(queryItems.map(\.name))
    for item in defaultQueryItems where !overridden.contains(item.name) {
      text += separator
      PercentEncoding.appendQueryItem(item, to: &text)
      separator = "&"
    }
    for item in queryItems {
      text += separator
      PercentEncoding.appendQueryItem(item, to: &text)
      separator = "&"
    }

    guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
      throw .invalidRequest("\(method) \(text) is not a valid absolute URL")
    }
    return url
  }

  /// `("https://h/p", "a=1")` from `"https://h/p?a=1#frag"`; the fragment is dropped.
  private static func splitQuery(_ url: String) -> (Substring, Substring?) {
    let bytes = url.utf8
    let end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? url.endIndex
    guard let mark = bytes[..<end].firstIndex(of: UInt8(ascii: "?")) else {
      return (url[..<end], nil)
    }
    let query = url[url.index(after: mark)..<end]
    return (url[..<mark], query.isEmpty ? nil : query)
  }
}
