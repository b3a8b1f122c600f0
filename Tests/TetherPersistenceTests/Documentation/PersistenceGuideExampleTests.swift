import Foundation
import Testing
import TetherCore
import TetherPersistence

/// The guide's example, run twice over one file: the second launch finds the note.
struct PersistenceGuideExampleTests {
  @Test func theExampleRunsAndItsSecondLaunchIsCached() async throws {
    let directory = try TemporaryDirectory("readme")
    let file = directory.file("cache.sqlite")
    try await launch(cacheFile: file)
    try await launch(cacheFile: file)
    let client = OperationClient()
    let persistence = await ClientPersistence.start(
      client, persister: SQLitePersister(at: file),
      options: PersistenceOptions(buster: "notes-3"))
    #expect(client.store(for: noteQuery(1)).state.currentValue?.text == "fetched")
    await persistence.close()
  }
}
