import Foundation
import Observation
import TetherHTTP
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the browser's requests are doing: how many are in flight and how the last few dozen
/// went, for the status bar's sparkline. An `HTTPObserver` of the API client, and `Observable`
/// so that the screen redraws when a request starts or ends.
public final class RequestActivity: HTTPObserver, Observable {
  /// One finished request.
  public struct Sample: Sendable, Hashable {
    public var duration: Duration
    public var failed: Bool
  }

  /// The activity at one moment.
  public struct Snapshot: Sendable, Hashable {
    public var inFlight = 0
    /// The latest requests, oldest first.
    public var recent: [Sample] = []
    public var total = 0
    public var failures = 0
    /// Changes with every update; see ``RequestActivity/revision``.
    var revision: UInt64 = 0
  }

  /// How many finished requests the sparkline remembers.
  public let capacity: Int
  private let registrar = ObservationRegistrar()
  private let storage = SanitizerVisibleMutex(Snapshot())

  public init(capacity: Int = 40) {
    self.capacity = capacity
  }

  /// The current activity.
  public var snapshot: Snapshot {
    registrar.access(self, keyPath: \.snapshot)
    return storage.withLock { $0 }
  }

  public func willSend(_ request: URLRequest) {
    update { $0.inFlight += 1 }
  }

  public func didFinish(_ exchange: HTTPExchange) {
    let sample = Sample(duration: exchange.duration, failed: exchange.failure != nil)
    update { snapshot in
      snapshot.inFlight = max(0, snapshot.inFlight - 1)
      snapshot.recent.append(sample)
      if snapshot.recent.count > capacity {
        snapshot.recent.removeFirst(snapshot.recent.count - capacity)
      }
      snapshot.total += 1
      if sample.failed { snapshot.failures += 1 }
    }
  }

  /// Changes with every update; reading it is not tracked, so a screen can tell whether the
  /// activity changed while it drew (see `ObservedStore.revision`).
  public var revision: UInt64 { storage.withLock { $0.revision } }

  private func update(_ change: (inout Snapshot) -> Void) {
    registrar.withMutation(of: self, keyPath: \.snapshot) {
      storage.withLock { snapshot in
        change(&snapshot)
        snapshot.revision &+= 1
      }
    }
  }
}
