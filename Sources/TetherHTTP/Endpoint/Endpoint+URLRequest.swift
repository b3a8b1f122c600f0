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
    request.httpMethod = method.rawValue
    request.timeoutInterval = (timeout ?? defaults.timeout).timeInterval

    var fields = defaults.headers
    if let body {
      do {
        let (data, contentType) = try body.encoded(with: encoder)
        request.httpBody = data
        fields["Content-Type"] = contentType
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
    var text: String
    var existingQuery: Substring?
    switch target {
    case .url(let url):
      (text, existingQuery) = Self.splitQuery(url.absoluteString)
    case .path(let path):
      var base: String
      (base, existingQuery) = Self.splitQuery(baseURL.absoluteString)
      while base.hasSuffix("/") { base.removeLast() }
      let relative = path.drop { $0 == "/" }
      text = base + "/" + PercentEncoding.path(String(relative))
    }

    var defaults = defaultQueryItems
    if !defaults.isEmpty && !queryItems.isEmpty {
      let overridden = Set(queryItems.map(\.name))
      defaults.removeAll { overridden.contains($0.name) }
    }
    var query = existingQuery.map(String.init) ?? ""
    for items in [defaults, queryItems] where !items.isEmpty {
      if !query.isEmpty { query += "&" }
      query += PercentEncoding.query(items)
    }
    if !query.isEmpty { text += "?" + query }

    guard let url = URL(string: text), url.scheme != nil, url.host != nil else {
      throw .invalidRequest("\(method) \(text) is not a valid absolute URL")
    }
    return url
  }

  /// `("https://h/p", "a=1")` from `"https://h/p?a=1#frag"`; the fragment is dropped.
  private static func splitQuery(_ url: String) -> (String, Substring?) {
    let withoutFragment = url.firstIndex(of: "#").map { url[..<$0] } ?? url[...]
    guard let mark = withoutFragment.firstIndex(of: "?") else {
      return (String(withoutFragment), nil)
    }
    let query = withoutFragment[withoutFragment.index(after: mark)...]
    return (String(withoutFragment[..<mark]), query.isEmpty ? nil : query)
  }
}
