import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension APIClient {
  /// Adds `If-None-Match` and `If-Modified-Since` from what ``validators`` remembers for `key`
  /// to a `GET` or `HEAD` request that has neither, and returns the remembered entry.
  func conditions(for key: String, on request: inout URLRequest) -> ResponseValidators.Entry? {
    guard let validators, ["GET", "HEAD"].contains(request.httpMethod ?? "GET"),
      request.value(forHTTPHeaderField: "If-None-Match") == nil,
      request.value(forHTTPHeaderField: "If-Modified-Since") == nil,
      let entry = validators.entry(for: key)
    else { return nil }
    if let entityTag = entry.entityTag {
      request.setValue(entityTag, forHTTPHeaderField: "If-None-Match")
    }
    if let lastModified = entry.lastModified {
      request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
    }
    return entry
  }

  /// Remembers the validators of a successful response with the value parsed from it, or
  /// forgets `key` when a successful response has none; a `304` and failures change nothing.
  func remember<Response: Sendable>(
    _ result: Result<Response, HTTPError>, of raw: Result<HTTPResponse, HTTPError>,
    for key: String
  ) {
    guard let validators, case .success(let value) = result, case .success(let response) = raw,
      (200..<300).contains(response.metadata.statusCode)
    else { return }
    let headers = response.headers
    let entityTag = headers["ETag"]
    let lastModified = headers["Last-Modified"]
    validators.set(
      entityTag == nil && lastModified == nil
        ? nil
        : ResponseValidators.Entry(entityTag: entityTag, lastModified: lastModified, value: value),
      for: key)
  }
}
