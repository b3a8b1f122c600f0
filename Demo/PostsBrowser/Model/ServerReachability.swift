import Foundation
import TetherCore
import TetherHTTP
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Whether the server answers, as the browser's own requests find: false from the first
/// request that cannot connect, true again from the first that gets any answer. While false,
/// the browser asks the server again every ``probeInterval`` (``probe()``), as commands of its
/// event loop: a timer on the loop's clock, the probe, then the next timer until an answer.
///
/// It is part of the browser's connectivity for `--url`, so that a stopped server is treated
/// as the network being away: queries wait instead of spending retries, and a post written
/// meanwhile waits too — it is queued, kept in the cache if the browser quits, and sent once
/// the server is back (TanStack Query pauses mutations the same way when offline).
public final class ServerReachability: HTTPObserver, RunCondition {
  private let condition = ManualCondition(true, trigger: .reconnect)
  /// How long to wait between two probes while the server does not answer.
  public let probeInterval: Duration
  private let prober = SanitizerVisibleMutex<Prober?>(nil)

  /// The request that asks the server again, set once the API client exists.
  private final class Prober: Sendable {
    let send: @Sendable () async -> Void
    init(_ send: @escaping @Sendable () async -> Void) { self.send = send }
  }

  public init(probeInterval: Duration = .seconds(3)) {
    self.probeInterval = probeInterval
  }

  /// Says how to ask the server again: a small request whose exchange this observer sees.
  public func probe(with send: @escaping @Sendable () async -> Void) {
    prober.withLock { $0 = Prober(send) }
  }

  /// Asks the server again; its answer, or its refusal, sets ``isReachable``.
  public func probe() async {
    await prober.withLock { $0 }?.send()
  }

  /// Whether the last request got an answer.
  public var isReachable: Bool { condition.value }

  /// Calls `observer` with the new value whenever the server is lost or found again.
  public func onChange(_ observer: @escaping @Sendable (Bool) -> Void) -> OperationSubscription {
    condition.subscribe(in: OperationContext(), onChange: observer)
  }

  public var trigger: RunTrigger { .reconnect }

  public func isSatisfied(in context: OperationContext) -> Bool { condition.value }

  public func subscribe(
    in context: OperationContext, onChange: @escaping @Sendable (Bool) -> Void
  ) -> OperationSubscription {
    condition.subscribe(in: context, onChange: onChange)
  }

  public func didFinish(_ exchange: HTTPExchange) {
    if exchange.response != nil {
      condition.set(true)
    } else if case .transportFailed(let error) = exchange.failure, Self.meansUnreachable(error) {
      condition.set(false)
    }
  }

  /// Failures that say nothing answers at the server's address, as opposed to one request
  /// going wrong.
  static func meansUnreachable(_ error: URLError) -> Bool {
    switch error.code {
    case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet:
      true
    default:
      false
    }
  }
}
