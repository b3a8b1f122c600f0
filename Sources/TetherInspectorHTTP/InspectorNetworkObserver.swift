import Foundation
import TetherCore
import TetherHTTP
import TetherInspector
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Feeds an `Inspector`'s network log from an `APIClient`: every request as it goes out
/// and its outcome, credentials redacted, with the store run and attempt that caused it — what
/// `tether attach` shows in its network log.
///
/// ```swift
/// let inspector = try Inspector.start(client: client, name: "posts-watch")
/// let api = APIClient(baseURL: url, observers: [InspectorNetworkObserver(inspector.network)])
/// ```
public final class InspectorNetworkObserver: HTTPObserver {
  public let network: InspectorNetwork
  private let clock: any TetherClock
  /// The record of each send in flight, by the task sending it (a send is one task).
  private let inFlight = SanitizerVisibleMutex([Int: [UInt64]]())

  /// An observer that records each exchange in `network`, timed by `clock` (the API client's).
  public init(_ network: InspectorNetwork, clock: any TetherClock = SystemClock()) {
    self.network = network
    self.clock = clock
  }

  public func willSend(_ request: URLRequest) {
    let url = Redaction.standard.url(request.url?.absoluteString ?? "")
    let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map {
      (name: $0.key, value: Redaction.standard.header(name: $0.key, value: $0.value))
    }
    let id = network.begin(
      method: request.httpMethod ?? "GET", url: url, target: Self.target(of: request),
      at: clock.now(), requestHeaders: headers, origin: RequestOrigin.current)
    let task = Self.currentTask
    inFlight.withLock { $0[task, default: []].append(id) }
  }

  public func didFinish(_ exchange: HTTPExchange) {
    let task = Self.currentTask
    let id = inFlight.withLock { inFlight -> UInt64? in
      guard var ids = inFlight[task], !ids.isEmpty else { return nil }
      let id = ids.removeFirst()
      inFlight[task] = ids.isEmpty ? nil : ids
      return id
    }
    guard let id else { return }
    let fields = exchange.response.map { HTTPHeaders($0) }.map(Array.init) ?? []
    let headers = fields.map {
      (name: $0.name, value: Redaction.standard.header(name: $0.name, value: $0.value))
    }
    let fault = fields.first { $0.name.lowercased() == "x-tether-fault" }
    let body = exchange.responseBody ?? Data()
    network.finish(id) { record in
      record.duration = exchange.duration
      record.status = exchange.response?.statusCode
      record.failure = exchange.failure.map {
        Redaction.standard.text(String(describing: $0).replacingOccurrences(of: "\n", with: " "))
      }
      record.bytes = exchange.responseBody?.count
      record.responseHeaders = headers
      record.bodyPrefix = body.prefix(InspectorNetwork.bodyPrefixLimit)
      record.injectedFault = fault.map { Self.injectedFault($0.value) }
    }
  }

  /// Who injected a failure, from the `X-Tether-Fault` header: `server: 503` when a server marks
  /// its own (`server 503`, as the Posts service does), `client: 503` from the client's injector
  /// (`503`) — the same reading as the embedded devtools' network log.
  static func injectedFault(_ header: String) -> String {
    let value = header.trimmingCharacters(in: .whitespaces)
    for side in ["server", "client"] where value.hasPrefix(side + " ") {
      return "\(side): " + value.dropFirst(side.count + 1)
    }
    return "client: \(value)"
  }

  /// The path and query of the request, credentials redacted.
  static func target(of request: URLRequest) -> String {
    guard let url = request.url else { return "" }
    var target = url.path.isEmpty ? "/" : url.path
    if let query = url.query { target += "?" + query }
    return Redaction.standard.url(target)
  }

  /// The task sending, as a number: one send (interceptors, observers, transport) runs on one
  /// task.
  private static var currentTask: Int {
    withUnsafeCurrentTask { $0?.hashValue ?? 0 }
  }
}
