// Mirrors a Swift block of Sources/TetherInspector/TetherInspector.docc/TetherInspector.md as
// written; DocumentationTests checks it. InspectorArticleTests runs it.

import TetherCore
import TetherInspector

func startInspecting(_ client: OperationClient) throws -> Inspector {
  try Inspector.start(client: client, name: "posts-watch")
}
