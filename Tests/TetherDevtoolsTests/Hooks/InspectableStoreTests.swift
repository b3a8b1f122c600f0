import Foundation
import Testing
import TetherCore
import TetherDevtools

@Suite struct InspectableStoreTests {
  func client(_ clock: TestClock) -> OperationClient {
    var defaults = OperationDefaults()
    defaults.warningHandler = nil
    return OperationClient(clock: clock, connectivity: ManualCondition(true), defaults: defaults)
  }

  @Test func saysWhenTheValueGoesStaleAndTheStoreIsCollected() async throws {
    let clock = TestClock()
    let client = client(clock)
    let store = client.store(
      for: Query<Int, any Error>(["n"]) { _ in 1 }.stale(after: .seconds(30)))
    #expect(store.staleDate == nil, "no value yet")
    try await store.fetch()
    #expect(store.staleDate == clock.now().adding(.seconds(30)))
    #expect(store.collectionDate == clock.now().adding(.seconds(300)))
    let subscription = store.subscribe { _ in }
    #expect(store.collectionDate == nil, "observed")
    subscription.cancel()
  }

  @Test func simulatedFailureNeedsTheStoresFailureType() async throws {
    let client = client(TestClock())
    let store = client.store(for: Query<Int, TestFailure>(["n"]) { _ throws(TestFailure) in 1 })
    try await store.fetch()
    #expect(!store.accepts(DevtoolsFailure(message: "x")))
    #expect(throws: InspectionError.self) {
      try store.simulateFailure(DevtoolsFailure(message: "x"))
    }
    let simulation = try store.simulateFailure(TestFailure(code: 9))
    #expect(store.state.error == TestFailure(code: 9) && store.state.currentValue == 1)
    #expect(store.state.status == .failure && store.snapshot.simulation == .failure)
    store.restore(simulation)
    #expect(store.snapshot.simulation == nil)
    #expect(store.state.currentValue == 1 && store.state.error == nil)
  }

  @Test func aRealRunAfterASimulationWins() async throws {
    let client = client(TestClock())
    let store = client.store(for: Query<Int, any Error>(["n"]) { _ in 2 })
    try await store.fetch()
    let simulation = try #require(store.simulateLoading())
    #expect(store.state.isLoading)
    try await store.refetch()
    #expect(store.state.currentValue == 2 && !store.state.isFetching)
    store.restore(simulation)
    #expect(
      store.state.runCount == 3 && store.snapshot.simulation == nil,
      "the refetch's state stays, the simulated run counted: \(store.state.runCount)")
  }

  @Test func retriesAMutationsLatestAttemptTypeErased() async throws {
    let client = client(TestClock())
    let mutation = client.store(for: Mutation<Int, Int, any Error>(["double"]) { n, _ in n * 2 })
    let erased: any InspectableStore = mutation
    await #expect(throws: InspectionError.self) { try await erased.retryLatestAttempt() }
    try await mutation.mutate(with: 21)
    #expect(erased.latestArguments?.description == "21")
    try await erased.retryLatestAttempt()
    #expect(erased.attempts.map(\.arguments.description) == ["21", "21"])
    #expect(erased.attempts.allSatisfy { $0.status == .succeeded })
    let query: any InspectableStore = client.store(for: Query<Int, any Error>(["q"]) { _ in 1 })
    await #expect(throws: InspectionError.self) { try await query.retryLatestAttempt() }
    #expect(mutation.simulateLoading() == nil)
  }
}
