// Mirrors the Swift block of Sources/TetherHTTP/TetherHTTP.docc/TransferProgress.md as written;
// DocumentationTests checks it, and TransferProgressTests covers what it does.

import Foundation
import TetherCore
import TetherHTTP

func export(with api: APIClient) async throws -> Data {
  try await api.send(Endpoint<Data>(.get, "export") { data, _ in data }) { progress in
    if let fraction = progress.fractionCompleted { print("\(Int(fraction * 100))%") }
  }
}

func progressLine(of state: QueryState<Data, HTTPError>, width: Int) -> String? {
  guard let transfer = state.transferProgress, let fraction = transfer.fractionCompleted else {
    return nil
  }
  let filled = Int(fraction * Double(width))
  return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
}
