// Mirrors a Swift block of Sources/TetherCore/TetherCore.docc/OfflinePause.md as written; DocumentationTests checks it.

import TetherCore

func offlinePauseExample() async throws {
  let online = ManualCondition(false)  // tests drive the connectivity; apps keep the default
  let client = OperationClient(clock: SystemClock(), connectivity: online)
  let store = client.store(for: Query(["post", 1]) { _ in "Hello" })
  let fetch = Task { try await store.fetch() }
  // Meanwhile store.state.fetchStatus == .paused, and no attempt is spent.
  online.set(true)  // the run goes on; stale observed queries refetch
  print(try await fetch.value)
}
