import Foundation
import Testing
import TetherSynchronization

@testable import TetherCore

/// Paused mutations survive a restart whole (TanStack's `resumePausedMutations` after
/// `hydrate`): arguments, `onMutate` context, failed attempts and submission time.
@Suite(.timeLimit(.minutes(1))) struct RestoredMutationTests {
  struct Draft: Codable, Sendable, Equatable {
    var title: String
  }

  /// What `onMutate` returns: what to roll back to.
  struct Rollback: Codable, Sendable, Equatable {
    var previousTitle: String
  }

  /// Counts a mutation's hooks and sends in one client.
  final class Hooks: Sendable {
    let mutated = Counter()
    let sent = Counter()
    let settledWith = SanitizerVisibleMutex<[Rollback]>([])
  }

  let clock = TestClock()

  func create(_ hooks: Hooks, failing: Bool = false) -> some MutationRequest<Draft, Int, any Error>
  {
    Mutation<Draft, Int, any Error>(["create"]) { _, _ in
      let sent = hooks.sent.increment()
      if failing { throw TestFailure(code: 503) }
      return sent
    }
    .retry(limit: 1, backoff: .constant(.seconds(1)))
    .lifecycle { _, _ in
      hooks.mutated.increment()
      return Rollback(previousTitle: "before")
    } onSettled: { _, _, rollback in
      hooks.settledWith.withLock { $0.append(rollback) }
    }
  }

  /// Encodes and decodes the client's paused mutations, as a restart through a file does.
  func restart(_ client: OperationClient) throws -> ClientSnapshot {
    try JSONDecoder().decode(
      ClientSnapshot.self,
      from: JSONEncoder().encode(client.dehydrate(filter: .init(includesPausedMutations: true))))
  }

  @Test func onMutateRunsAtSubmissionEvenOffline() async throws {
    let client = OperationClient.testing(clock: clock, online: ManualCondition(false))
    let hooks = Hooks()
    let store = client.store(for: create(hooks))
    let recorder = StateRecorder(store)
    let queued = Task { try await store.mutate(with: Draft(title: "offline")) }
    await recorder.next { $0.isPaused }
    #expect(hooks.mutated.count == 1 && hooks.sent.count == 0)
    queued.cancel()
    await #expect { try await queued.value } throws: { isCancellation($0) }
    // A cancelled attempt settles its lifecycle: an optimistic update is rolled back.
    #expect(hooks.settledWith.withLock { $0 } == [Rollback(previousTitle: "before")])
  }

  @Test func aPausedMutationRestoredInANewClientGoesOnWithoutOnMutate() async throws {
    let first = OperationClient.testing(clock: clock, online: ManualCondition(false))
    let before = Hooks()
    let store = first.store(for: create(before))
    let recorder = StateRecorder(store)
    let submitted = clock.now()
    let queued = Task { try await store.mutate(with: Draft(title: "written offline")) }
    await recorder.next { $0.isPaused }
    let snapshot = try restart(first)
    queued.cancel()
    #expect(before.mutated.count == 1)

    clock.advance(by: .seconds(3600))  // the next launch
    let online = ManualCondition(false)
    let second = OperationClient.testing(clock: clock, online: online)
    second.hydrate(snapshot)
    let after = Hooks()
    let restored = second.store(for: create(after))
    let attempt = try #require(restored.state.history.first)
    #expect(attempt.arguments.title == "written offline" && attempt.startDate == submitted)
    #expect(restored.state.isPaused)
    let restoredRecorder = StateRecorder(restored)
    online.set(true)
    let done = await restoredRecorder.next { $0.status == .success }
    #expect(done.currentValue == 1 && after.sent.count == 1)
    #expect(after.mutated.count == 0)  // onMutate did not run again
    #expect(after.settledWith.withLock { $0 } == [Rollback(previousTitle: "before")])
  }

  @Test func aRestoredAttemptKeepsItsFailedAttempts() async throws {
    let online = ManualCondition(true)
    let first = OperationClient.testing(clock: clock, online: online)
    let before = Hooks()
    let store = first.store(for: create(before, failing: true))
    let recorder = StateRecorder(store)
    let queued = Task { try await store.mutate(with: Draft(title: "flaky")) }
    await recorder.next { $0.retryProgress != nil }  // the first attempt failed
    online.set(false)
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    clock.advance(by: .seconds(1))
    await recorder.next { $0.isPaused }  // its retry waits for the network
    let snapshot = try restart(first)
    queued.cancel()
    #expect(before.sent.count == 1)

    let second = OperationClient.testing(clock: clock)
    second.hydrate(snapshot)
    let after = Hooks()
    let restored = second.store(for: create(after, failing: true))
    let restoredRecorder = StateRecorder(restored)
    // One retry was allowed and one attempt had failed: the restored retry is the last one.
    let failed = await restoredRecorder.next { $0.status == .failure }
    #expect(after.sent.count == 1 && failed.history.count == 1)
    #expect(after.mutated.count == 0)
  }

  @Test func aContextThatIsNotCodableRunsOnMutateAgain() async throws {
    final class Reference: Sendable {}
    let mutated = Counter()
    let mutation = Mutation<Draft, Int, any Error>(["plain"]) { _, _ in 1 }
      .lifecycle { _, _ in
        mutated.increment()
        return Reference()
      }
    let first = OperationClient.testing(clock: clock, online: ManualCondition(false))
    let store = first.store(for: mutation)
    let recorder = StateRecorder(store)
    let queued = Task { try await store.mutate(with: Draft(title: "t")) }
    await recorder.next { $0.isPaused }
    let snapshot = try restart(first)
    queued.cancel()

    let second = OperationClient.testing(clock: clock)
    second.hydrate(snapshot)
    let restored = second.store(for: mutation)
    let restoredRecorder = StateRecorder(restored)
    await restoredRecorder.next { $0.status == .success }
    #expect(mutated.count == 2)
  }
}
