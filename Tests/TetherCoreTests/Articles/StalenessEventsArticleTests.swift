import Testing
import TetherCore

// The Swift blocks of TetherCore.docc/StalenessEvents.md, as written there.
func watchFreshness(of store: OperationStore<QueryState<Int, any Error>>, on clock: any TetherClock)
  -> OperationSubscription
{
  store.subscribe { state in
    print(state.isStale(at: clock.now()) ? "stale" : "fresh")
  }
}

@Suite struct StalenessEventsArticleTests {
  @Test func stalenessEvents() async throws {
    let clock = TestClock()
    let client = OperationClient.testing(clock: clock)
    let store = client.store(for: Query<Int, any Error>(["n"]) { _ in 1 }.enabled(false))
    let subscription = watchFreshness(of: store, on: clock)
    subscription.cancel()
  }
}
