import TetherCore

extension OperationPath {
  /// The path as the store tree shows it, and as every message about a store names it:
  /// `posts · edit`, `post · 251`. The store's detail shows the exact path, `["post", 251]`,
  /// where a string and a number that read alike differ.
  public var label: String { map(\.label).joined(separator: " · ") }
}

extension OperationPath.Element {
  /// The element as a label: strings without quotes, everything else as it describes itself.
  var label: String {
    if let string = base as? String { return string }
    return description
  }
}
