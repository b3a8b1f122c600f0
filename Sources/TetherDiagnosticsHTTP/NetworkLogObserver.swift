import Foundation
import TetherCore
import TetherDiagnostics
import TetherHTTP
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Feeds a `NetworkLog` from an `APIClient`: every request as it goes out and its outcome
/// — status, duration, bytes, headers, the first bytes of the body, credentials redacted —
/// with the store run and attempt that caused it (`RequestOrigin`).
///
/// ```swift
/// let network = NetworkLog()
/// let api = APIClient(baseURL: url, observers: [NetworkLogObserver(network)])
/// let devtools = Devtools(client: client, network: network)
/// ```
public final class NetworkLogObserver: HTTPObserver {
  public let log: NetworkLog
  private let clock: any TetherClock
  /// The record of each send in flight, by the task sending it (a send is one task).
  private let inFlight = SanitizerVisibleMutex([Int: [UInt64]]())

  /// - Parameters:
  ///   - log: the devtools' network log the observed exchanges go to.
  ///   - clock: when requests start, as the devtools show it; the API client's clock.
  public init(_ log: NetworkLog, clock: any TetherClock = SystemClock()) {
    self.log = log
    self.clock = clock
  }

  public func willSend(_ request: URLRequest) {
    let url = Redaction.standard.url(request.url?.absoluteString ?? "")
    let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map {
      (name: $0.key, value: Redaction.standard.header(name: $0.key, value: $0.value))
    }
    let origin = RequestOrigin.current
    let body = request.httpBody.map {
      Data(
        Redaction.standard.body(
          String(decoding: $0.prefix(NetworkLog.bodyPrefixLimit), as: UTF8.self)
        ).utf8)
    }
    let id = log.begin(
      method: request.httpMethod ?? "GET", url: url, target: Self.target(of: request),
      at: clock.now(), requestHeaders: headers, requestBody: body ?? Data(), origin: origin)
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
    let fault = fields.first { $0.name.lowercased() == ClientFaultInjector.headerName.lowercased() }
    let body = exchange.responseBody ?? Data()
    let isCancelled = if case .cancelled? = exchange.failure { true } else { false }
    log.finish(
      id,
      with: NetworkOutcome(
        duration: exchange.duration, status: exchange.response?.statusCode,
        failure: isCancelled ? nil : exchange.failure.flatMap(Self.describe),
        bytes: exchange.responseBody?.count,
        responseHeaders: headers, bodyPrefix: body.prefix(NetworkLog.bodyPrefixLimit),
        injectedFault: fault.map(Self.injectedFault), isCancelled: isCancelled))
  }

  /// `client: 503` from the client's fault injector's header (`503`), `server: 503` from a
  /// server that marks its own (`server 503`, as the Posts service does).
  static func injectedFault(_ header: HTTPHeaders.Field) -> String {
    let value = header.value.trimmingCharacters(in: .whitespaces)
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

  /// The failure in one line; nil for a status failure, which the status column says.
  static func describe(_ failure: HTTPError) -> String? {
    Redaction.standard.text(String(describing: failure).replacingOccurrences(of: "\n", with: " "))
  }

  /// The task sending, as a number: one send (interceptors, observers, transport) runs on one
  /// task.
  private static var currentTask: Int {
    withUnsafeCurrentTask { $0?.hashValue ?? 0 }
  }
}
