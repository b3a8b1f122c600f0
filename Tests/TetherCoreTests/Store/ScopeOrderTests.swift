import Testing
import TetherSynchronization

@testable import TetherCore

/// Mutations of one scope keep their submission order through an offline pause (TanStack's
/// `scope`: the mutation cache queues a scoped mutation when it is added, before the network).
@Suite struct ScopeOrderTests {
  final class Order: Sendable {
    private let values = SanitizerVisibleMutex([Int]())
    func append(_ value: Int) { values.withLock { $0.append(value) } }
    var all: [Int] { values.withLock { $0 } }
  }

  func edit(_ name: String, order: Order) -> ModifiedOperation<
    Mutation<Int, Int, any Error>, ConfigurationModifier<Mutation<Int, Int, any Error>>
  > {
    Mutation<Int, Int, any Error>(["post", 1, name]) { value, _ in
      order.append(value)
      return value
    }
    .scope("post-1")
  }

  @Test func threeMutationsPausedOfflineResumeInSubmissionOrderFortyTimesInARow() async throws {
    for _ in 0..<40 {
      let online = ManualCondition(false)
      let client = OperationClient.testing(online: online)
      let order = Order()
      var tasks: [Task<Int, any Error>] = []
      for (index, name) in ["title", "body", "tags"].enumerated() {
        let store = client.store(for: edit(name, order: order))
        let recorder = StateRecorder(store)
        tasks.append(Task { try await store.mutate(with: index + 1) })
        await recorder.next { $0.isPaused }
      }
      online.set(true)
      for task in tasks { _ = try await task.value }
      #expect(order.all == [1, 2, 3])
    }
  }

  @Test func theFirstOfAScopeWaitsForTheNetworkAndTheOthersForTheScope() async throws {
    let online = ManualCondition(false)
    let client = OperationClient.testing(online: online)
    let order = Order()
    let first = client.store(for: edit("title", order: order))
    let second = client.store(for: edit("body", order: order))
    let firstRecorder = StateRecorder(first)
    let secondRecorder = StateRecorder(second)
    let a = Task { try await first.mutate(with: 1) }
    await firstRecorder.next { $0.isPaused }
    let b = Task { try await second.mutate(with: 2) }
    await secondRecorder.next { $0.isPaused }
    #expect(first.runLog.map(\.event.description).contains("paused (offline)"))
    #expect(
      second.runLog.map(\.event.description).contains(#"paused (waiting for scope "post-1")"#))
    online.set(true)
    #expect(try await a.value == 1)
    #expect(try await b.value == 2)
    #expect(order.all == [1, 2])
  }

  @Test func aMutationCancelledWhileOfflineFreesItsScope() async throws {
    let online = ManualCondition(false)
    let client = OperationClient.testing(online: online)
    let order = Order()
    let first = client.store(for: edit("title", order: order))
    let second = client.store(for: edit("body", order: order))
    let firstRecorder = StateRecorder(first)
    let secondRecorder = StateRecorder(second)
    let a = Task { try await first.mutate(with: 1) }
    await firstRecorder.next { $0.isPaused }
    let b = Task { try await second.mutate(with: 2) }
    await secondRecorder.next { $0.isPaused }
    a.cancel()
    await #expect { try await a.value } throws: { isCancellation($0) }
    online.set(true)
    #expect(try await b.value == 2)
    #expect(order.all == [2])
  }

  @Test func aSlowOnMutateKeepsItsPlaceAndLaterOnesShowTheirsAtOnce() async throws {
    let order = Order()
    let mutated = Order()
    let gate = ScriptedRuns<Void>()
    let client = OperationClient.testing()
    let slow = client.store(
      for: edit("title", order: order).lifecycle { value, _ in
        try? await gate.run()  // onMutate waits
        mutated.append(value)
      })
    let quick = client.store(
      for: edit("body", order: order).lifecycle { value, _ in mutated.append(value) })
    let a = Task { try await slow.mutate(with: 1) }
    await gate.waitForStarts(1)
    let recorder = StateRecorder(quick)
    let b = Task { try await quick.mutate(with: 2) }
    await recorder.next { $0.isPaused }  // its onMutate ran; it waits for its turn
    #expect(mutated.all == [2] && order.all == [])
    gate.succeed(())
    #expect(try await a.value == 1)
    #expect(try await b.value == 2)
    #expect(order.all == [1, 2] && mutated.all == [2, 1])
  }
}
