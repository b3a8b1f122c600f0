// Mirrors a Swift block of README.md as written; DocumentationTests checks it.

import Foundation
import TetherCore
import TetherPersistence

func openCache(at cacheFile: URL) async {
  let client = OperationClient()
  let persistence = await ClientPersistence.start(
    client, persister: SQLitePersister(at: cacheFile))
  // Stores made now start from the last session's values, marked stale.
  await persistence.close()  // on exit: written within a second of a change, and now
}
