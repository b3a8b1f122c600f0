import Foundation
import Testing
import TetherCore
import TetherPersistence
import TetherSynchronization

/// Whole sessions over one SQLite file: a client writes, closes, and the next one opens it.
struct RestartTests {
  struct Draft: Codable, Sendable, Equatable {
    var title: String
  }

  struct Item: Codable, Sendable, Equatable {
    var id: Int
    var title: String
  }

  let directory: TemporaryDirectory
  let file: URL
  let clock = TestClock()
  let options = PersistenceOptions(
    buster: "test", filter: SnapshotFilter(includesPausedMutations: true))

  init() throws {
    directory = try TemporaryDirectory("restart")
    file = directory.file("cache.sqlite")
  }

  func createPost(sent: Counter) -> Mutation<Draft, Int, any Error> {
    Mutation(["posts", "create"]) { _, _ in sent.increment() }
  }

  func feed(fetched: Counter) -> some PaginatedRequest<Int, [Item], any Error> {
    PaginatedQuery<Int, [Item], any Error>(["posts", "feed"], initialPageID: 0) { last, _ in
      last.id < 10 ? last.id + 5 : nil
    } fetchPage: { offset, _ in
      fetched.increment()
      return (offset..<offset + 5).map { Item(id: $0, title: "post \($0)") }
    }
  }

  func session(
    online: ManualCondition = ManualCondition(true),
    diagnostics: DiagnosticLog = DiagnosticLog()
  ) async -> (OperationClient, ClientPersistence) {
    let client = OperationClient(clock: clock, connectivity: online)
    let persistence = await ClientPersistence.start(
      client, persister: SQLitePersister(at: file, diagnostics: diagnostics.handler),
      options: options)
    return (client, persistence)
  }

  @Test func aPostWrittenOfflineIsSentOnceAfterARestart() async throws {
    let offline = ManualCondition(false)
    let (first, firstPersistence) = await session(online: offline)
    let sentBefore = Counter()
    let create = first.store(for: createPost(sent: sentBefore))
    let queued = Task { try await create.mutate(with: Draft(title: "on the train")) }
    await create.firstState { $0.isPaused }
    await firstPersistence.close()
    queued.cancel()

    let online = ManualCondition(false)
    let (second, secondPersistence) = await session(online: online)
    #expect(secondPersistence.restoration.summary.deferred == 1)
    let sent = Counter()
    let restored = second.store(for: createPost(sent: sent))
    #expect(restored.state.history.map(\.arguments) == [Draft(title: "on the train")])
    online.set(true)
    await restored.firstState { $0.status == .success }
    #expect(sent.count == 1)
    await secondPersistence.close()

    // Sent: the third launch has nothing to send.
    let (third, thirdPersistence) = await session()
    #expect(thirdPersistence.restoration.restoredCount == 0)
    let again = Counter()
    _ = third.store(for: createPost(sent: again))
    await thirdPersistence.close()
    #expect(again.count == 0 && sentBefore.count == 0)
  }

  @Test func theFeedComesBackFromTheFileWithItsNextPage() async throws {
    let (first, firstPersistence) = await session()
    let fetched = Counter()
    let store = first.store(for: feed(fetched: fetched).enabled(false))
    _ = try await store.fetch()
    _ = try await store.fetchNextPage()
    await firstPersistence.close()

    let (second, secondPersistence) = await session(online: ManualCondition(false))
    let restored = second.store(for: feed(fetched: fetched).enabled(false))
    #expect(restored.state.pages.map(\.id) == [0, 5] && restored.state.hasNextPage)
    #expect(restored.isStale && fetched.count == 2)
    await secondPersistence.close()
  }

  @Test func aCorruptFileStartsEmptySaysSoAndKeepsTheNextSession() async throws {
    try Data(repeating: 0x42, count: 8192).writePrivately(to: file)
    let diagnostics = DiagnosticLog()
    let (first, firstPersistence) = await session(diagnostics: diagnostics)
    #expect(firstPersistence.restoration.restoredCount == 0)
    #expect(diagnostics.all.count == 1)
    let aside = try directory.contents().filter { $0.contains(".corrupt-") }
    #expect(aside.count == 1)
    #expect(
      diagnostics.all.first?.summary
        == "cache cache.sqlite is damaged: started empty, the old one kept as \(aside[0])")
    let fetched = Counter()
    _ = try await first.store(for: feed(fetched: fetched).enabled(false)).fetch()
    await firstPersistence.close()

    let (second, secondPersistence) = await session()
    let restored = second.store(for: feed(fetched: fetched).enabled(false))
    #expect(restored.state.pages.count == 1)
    await secondPersistence.close()
  }
}
