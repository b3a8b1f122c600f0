import Foundation
import TetherCore
import TetherDevtools
import TetherDiagnostics
import TetherDiagnosticsHTTP
import TetherHTTP

/// The sample's server data: a client of stores fed by typed endpoints, every request in a
/// network log, and the devtools on both — the list's store, one store per item shown.
final class SampleModel {
  let client = OperationClient()
  let network = NetworkLog()
  let api: APIClient
  let devtools: Devtools

  /// The model reading from `url`, or from the endpoints' mocks when it is nil.
  init(url: URL?) {
    var api = url.map { APIClient(baseURL: $0) } ?? APIClient.mocked(clock: SystemClock())
    api.observers.append(NetworkLogObserver(network))
    self.api = api
    devtools = Devtools(client: client, network: network)
  }
}

extension SampleModel {
  /// The list: fetched when first watched, kept while watched.
  var items: OperationStore<QueryState<ItemsPage, HTTPError>> {
    client.store(for: api.query(SampleAPI.items, path: ["items"]))
  }

  /// Item `id` with its whole body.
  func item(_ id: Int) -> OperationStore<QueryState<Item, HTTPError>> {
    client.store(for: api.query(SampleAPI.item(id), path: ["item", id]))
  }
}
