import Foundation
import Testing

@testable import TetherCore

@Suite struct PausedMutationSnapshotTests {
  struct Draft: Codable, Sendable, Equatable {
    var title: String
  }

  let clock = TestClock()

  func createPost(sent: Counter) -> Mutation<Draft, Int, any Error> {
    Mutation(["create"]) { draft, _ in sent.increment() }
  }

  @Test func aMutationQueuedOfflineIsSentOnceAfterARestart() async throws {
    let offline = ManualCondition(false)
    let first = OperationClient.testing(clock: clock, online: offline)
    let sentBefore = Counter()
    let create = first.store(for: createPost(sent: sentBefore))
    let recorder = StateRecorder(create)
    let queued = Task { try await create.mutate(with: Draft(title: "written offline")) }
    await recorder.next { $0.isPaused }
    // Not asked for: no mutation is written.
    #expect(first.dehydrate().stores.isEmpty)
    let snapshot = try JSONDecoder().decode(
      ClientSnapshot.self,
      from: JSONEncoder().encode(first.dehydrate(filter: .init(includesPausedMutations: true))))
    #expect(snapshot.stores.map(\.kind) == [.mutation])
    queued.cancel()  // the process ends
    #expect(sentBefore.count == 0)

    let online = ManualCondition(false)
    let second = OperationClient.testing(clock: clock, online: online)
    second.hydrate(snapshot)
    let sent = Counter()
    let restored = second.store(for: createPost(sent: sent))
    let attempts = restored.state.history
    #expect(attempts.count == 1 && attempts[0].arguments.title == "written offline")
    #expect(restored.state.isPaused && sent.count == 0)
    // Still paused, so still written.
    let again = second.dehydrate(filter: .init(includesPausedMutations: true))
    #expect(again.stores.count == 1)

    let restoredRecorder = StateRecorder(restored)
    online.set(true)
    let done = await restoredRecorder.next { $0.status == .success }
    #expect(done.currentValue == 1 && sent.count == 1)
    #expect(second.dehydrate(filter: .init(includesPausedMutations: true)).stores.isEmpty)
    // A second store(for:) of the mutation sends nothing again.
    _ = second.store(for: createPost(sent: sent))
    #expect(sent.count == 1 && restored.state.history.count == 1)
  }

  @Test func aRestoredMutationWaitsInTheSnapshotUntilItsStoreIsMade() throws {
    let path = PersistedPath(["create"])!
    let client = OperationClient.testing(clock: clock)
    let stored = StoreSnapshot(
      kind: .mutation, path: path, updatedAt: clock.now(),
      payload: Data(#"{"attempts":[{"arguments":{"title":"queued"},"startDate":0}]}"#.utf8))
    client.hydrate([stored])
    #expect(client.dehydrate().stores.isEmpty)
    #expect(client.dehydrate(filter: .init(includesPausedMutations: true)).stores == [stored])
  }
}
