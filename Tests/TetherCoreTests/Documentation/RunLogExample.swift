// Mirrors a Swift block of Sources/TetherCore/TetherCore.docc/RunLog.md as written; DocumentationTests checks it.

import TetherCore

func runLogExample() async throws {
  let client = OperationClient()
  let events = client.subscribeToEvents { event in
    if case .runLogged(let entry, _) = event {
      print(entry)  // ["post", 1] run #1 attempt 1 started by fetch
    }
  }
  let store = client.store(for: Query(["post", 1]) { _ in "Hello" })
  try await store.fetch()
  for entry in store.runLog {
    print(entry.date, entry.run ?? "-", entry.attempt ?? 0, entry.event)
  }
  events.cancel()
}
