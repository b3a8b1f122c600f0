import Testing
import TetherSynchronization

@testable import TetherCore

@Suite struct ReconfigurationTests {
  @Test func theLatestStoreForAPathDecidesTheNextRunAndAChangeOfModifiersIsReported()
    async throws
  {
    let warnings = SanitizerVisibleMutex<[String]>([])
    var defaults = OperationDefaults()
    defaults.warningHandler = { message in warnings.withLock { $0.append(message) } }
    let client = OperationClient.testing(defaults: defaults)
    let events = SanitizerVisibleMutex<[String]>([])
    let subscription = client.subscribeToEvents { event in
      if case .warning(_, let path) = event { events.withLock { $0.append("\(path)") } }
    }

    let first = client.store(for: Query<String, any Error>(["post", 1]) { _ in "first" })
    #expect(try await first.fetch() == "first")
    let second = client.store(
      for: Query<String, any Error>(["post", 1]) { _ in "second" }.stale(after: .seconds(60)))
    #expect(second === first)
    #expect(try await first.fetch() == "second")  // the latest closure runs
    #expect(!first.isStale)  // with the latest staleness
    _ = client.store(
      for: Query<String, any Error>(["post", 1]) { _ in "third" }.stale(after: .seconds(60)))
    #expect(try await first.fetch() == "third")

    let reported = warnings.withLock { $0 }
    #expect(reported.count == 1)
    #expect(reported.first?.contains(#"["post", 1]"#) == true)
    #expect(events.withLock { $0 } == [#"["post", 1]"#])
    subscription.cancel()
  }
}
