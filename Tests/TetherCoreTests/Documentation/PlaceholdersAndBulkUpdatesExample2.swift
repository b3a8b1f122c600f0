// Mirrors a Swift block of Sources/TetherCore/TetherCore.docc/PlaceholdersAndBulkUpdates.md as written; DocumentationTests checks it.

import TetherCore

func placeholdersAndBulkUpdatesExample2() async throws {
  let client = OperationClient()
  let store = client.store(
    for: Query(["greeting"]) { _, continuation in
      continuation.yield("cached")  // subscribers see it at once
      return "fresh"  // then the fresh value
    })
  print(try await store.fetch())
}
