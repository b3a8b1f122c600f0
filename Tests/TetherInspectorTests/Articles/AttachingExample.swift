// Mirrors a Swift block of Sources/TetherInspector/TetherInspector.docc/AttachingToAProcess.md
// as written; DocumentationTests checks it. InspectorArticleTests runs it.

import Foundation
import TetherCore
import TetherDiagnostics
import TetherDiagnosticsHTTP
import TetherHTTP
import TetherInspector

func makeInspectableClient(baseURL: URL) throws -> (OperationClient, APIClient, Inspector) {
  let client = OperationClient()
  let network = NetworkLog()
  let api = APIClient(baseURL: baseURL, observers: [NetworkLogObserver(network)])
  let inspector = try Inspector.start(client: client, name: "feed-sync", network: network)
  return (client, api, inspector)
}
