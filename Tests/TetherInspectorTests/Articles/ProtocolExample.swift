// Mirrors a Swift block of Sources/TetherInspector/TetherInspector.docc/InspectorProtocolLines.md
// as written; DocumentationTests checks it. InspectorArticleTests runs it.

import TetherCore
import TetherInspector

func refetchCommandLine() -> [UInt8] {
  let refetch = InspectorRequest(id: 1, command: .refetch, path: ["posts", "first-page"])
  let line = InspectorProtocol.line(refetch.json)  // {"type":"command","id":1,…}\n
  return line
}
