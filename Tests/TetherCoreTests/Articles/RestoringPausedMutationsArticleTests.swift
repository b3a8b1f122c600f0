import Foundation
import Testing
import TetherCore

// The Swift block of TetherCore.docc/RestoringPausedMutations.md, as written there.
struct Rename: Codable, Sendable {
  var id: Int
  var title: String
}

/// What `onMutate` returns, kept in the snapshot: the title to roll back to.
struct PreviousTitle: Codable, Sendable {
  var title: String?
}

func rename(_ titles: [Int: String]) -> some MutationRequest<Rename, Bool, any Error> {
  Mutation<Rename, Bool, any Error>(["post", "rename"]) { rename, _ in
    true  // send it
  }
  .lifecycle { rename, _ in
    PreviousTitle(title: titles[rename.id])  // runs once, even across a restart
  } onError: { _, rename, previous in
    print("roll back post \(rename.id) to \(previous.title ?? "")")
  }
}

func restart(from old: OperationClient, into new: OperationClient) throws {
  let snapshot = old.dehydrate(filter: SnapshotFilter(includesPausedMutations: true))
  let data = try JSONEncoder().encode(snapshot)  // written to disk, read at the next launch
  new.hydrate(try JSONDecoder().decode(ClientSnapshot.self, from: data))
  _ = new.store(for: rename([:]))  // the restored attempts go on from here
}

@Suite struct RestoringPausedMutationsArticleTests {
  @Test func aPausedRenameGoesOnInTheNewClient() async throws {
    let old = OperationClient.testing(online: ManualCondition(false))
    let store = old.store(for: rename([1: "old"]))
    let recorder = StateRecorder(store)
    let paused = Task { try await store.mutate(with: Rename(id: 1, title: "new")) }
    await recorder.next { $0.isPaused }
    let new = OperationClient.testing()
    try restart(from: old, into: new)
    paused.cancel()
    let restored = StateRecorder(new.store(for: rename([:])))
    let done = await restored.next { $0.status == .success }
    #expect(done.history.first?.arguments.title == "new")
  }
}
