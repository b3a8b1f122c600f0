import Observation
import Testing

@testable import TetherCore

@Suite struct ObservedStoreTests {
  @Test func theModelFollowsTheStoreAndNotifiesObservers() async throws {
    let client = OperationClient.testing()
    let store = client.store(for: Query<Int, any Error>(["observed"]) { _ in 1 }.enabled(false))
    let model = ObservedStore(store)
    #expect(store.subscriberCount == 1)
    #expect(model.state.currentValue == nil)

    let changed = ScriptedRuns<Void>()
    withObservationTracking {
      _ = model.state
    } onChange: {
      Task { try? await changed.run() }
    }
    try await store.fetch()
    await changed.waitForStarts(1)
    #expect(model.state.currentValue == 1)
    #expect(model.state.status == .success)
  }

  @Test func releasingTheModelEndsItsSubscription() {
    let client = OperationClient.testing()
    let store = client.store(for: Query<Int, any Error>(["released"]) { _ in 1 }.enabled(false))
    var model: ObservedStore? = ObservedStore(store)
    #expect(store.subscriberCount == 1)
    _ = model
    model = nil
    #expect(store.subscriberCount == 0)
  }
}
