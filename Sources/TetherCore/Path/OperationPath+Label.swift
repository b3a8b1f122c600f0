extension OperationPath {
  /// The path as a person reads it, and as the devtools' store tree and every message about a
  /// store name it: `posts · edit`, `post · 251`. The description, `["post", 251]`, is exact
  /// where a string and a number that read alike must differ.
  public var label: String { map(\.label).joined(separator: " · ") }
}

extension OperationPath.Element {
  /// The element as a label: strings without quotes, everything else as it describes itself.
  public var label: String {
    if let string = base as? String { return string }
    return description
  }
}
