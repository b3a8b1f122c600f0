/// Which client made a write, as it names itself in the `X-Posts-Client` header (the Posts
/// browser sends a random one per launch): the change stream tells each client which changes
/// are its own (`"yours": true`), so that it marks only the others' as made elsewhere.
///
/// Only an identifier, never a credential: up to 64 letters, digits, `-`, `_` and `.`;
/// anything else is ignored, as if the header were absent.
enum WritingClient {
  static let headerName = "x-posts-client"

  /// The client `request` names, if it names one validly.
  static func of(_ request: HTTPRequest) -> String? {
    guard let value = request.header(headerName), !value.isEmpty, value.utf8.count <= 64,
      value.unicodeScalars.allSatisfy({
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
            || "-_.".unicodeScalars.contains($0))
      })
    else { return nil }
    return value
  }
}
