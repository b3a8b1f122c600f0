import TetherCore
import TetherDiagnostics

extension StoreFaultTarget {
  /// `client: fail next 3 of post · 5`, or nil when no store's requests are to fail.
  public var statusText: String? {
    let failures = storeFailures.filter { $0.value > 0 }
    guard !failures.isEmpty else { return nil }
    let parts = failures.sorted { NaturalOrder($0.key) < NaturalOrder($1.key) }.map {
      "fail next \($0.value) of \($0.key.label)"
    }
    return "\(side.rawValue): " + parts.joined(separator: ", ")
  }
}
