// The persistence guide's example (TetherPersistence.docc/GettingStarted.md) as written: it must
// compile and work; DocumentationTests checks it is the same.

import Foundation
import TetherCore
import TetherPersistence

struct Note: Codable, Sendable {
  var id: Int
  var text: String
}

func noteQuery(_ id: Int) -> some QueryRequest<Note, any Error> {
  Query(["note", id]) { _ in Note(id: id, text: "fetched") }
}

func launch(cacheFile: URL) async throws {
  let client = OperationClient()
  // Restore the last session's snapshot before making stores, then keep it up to date.
  let persistence = await ClientPersistence.start(
    client,
    persister: SQLitePersister(at: cacheFile) { diagnostic in print(diagnostic.message) },
    options: PersistenceOptions(
      buster: "notes-3", filter: SnapshotFilter(includesPausedMutations: true)))
  let note = client.store(for: noteQuery(1))
  // At once, without a request: last session's value, marked stale (nil the first time).
  print(note.state.currentValue?.text ?? "not cached", note.isStale)
  _ = try await note.fetch()  // revalidates; the cache is written within a second
  await persistence.close()  // on exit: nothing changed before is lost
}
