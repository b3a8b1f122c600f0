// The second block of TetherDevtools.docc/EmbeddingTheDevtools.md, as written there.

import Foundation
import TetherCore
import TetherDevtools
import TetherDevtoolsHTTP
import TetherHTTP

/// The devtools of an HTTP app: the network log fed by the API client, faults injected in
/// front of its transport (any server), and HTTP failures for "trigger error".
func makeDevtools(client: OperationClient, baseURL: URL) -> (APIClient, Devtools) {
  let network = NetworkLog()
  let faults = ClientFaultInjector()
  let api = APIClient(
    baseURL: baseURL, transport: faults.wrapping(CurlTransport.shared),
    observers: [NetworkLogObserver(network)])
  let devtools = Devtools(
    client: client, network: network, faults: faults, storeFaults: faults,
    failures: SimulatedFailure.http)
  return (api, devtools)
}
