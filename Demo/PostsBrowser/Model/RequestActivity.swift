import Foundation
import TetherCore
import TetherHTTP
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What the browser's requests are doing: which are in flight and since when, and how the
/// last few dozen went, for the status bar's sparkline and the panels' "waiting for the
/// server · 3 s". An `HTTPObserver` of the API client.
///
/// It has no listeners of its own: the model puts it before the network log among the API
/// client's observers, so the network log's subscription (``PostsModel/network``,
/// `observe`) hears of a request after this activity has stored it, and a screen that redraws
/// on it always reads the new snapshot.
public final class RequestActivity: HTTPObserver {
  /// One finished request.
  public struct Sample: Sendable, Hashable {
    public var duration: Duration
    /// It failed: an error status, a transport or decoding failure.
    public var failed: Bool
    /// The browser gave it up (the selection moved on, the app quit): no failure of the
    /// server's, so it is drawn apart and not counted with the failures.
    public var cancelled = false
  }

  /// The activity at one moment.
  public struct Snapshot: Sendable, Hashable {
    /// When each request in flight was sent, by URL path (`/posts/25`), oldest first.
    public var inFlightSince: [String: [Date]] = [:]
    /// The latest requests, oldest first.
    public var recent: [Sample] = []
    public var total = 0
    /// Finished requests that failed, cancelled ones not included.
    public var failures = 0

    /// How many requests are in flight.
    public var inFlight: Int { inFlightSince.values.reduce(0) { $0 + $1.count } }

    /// When the oldest request in flight to `path` was sent, or nil when none is.
    public func waitingSince(_ path: String) -> Date? { inFlightSince[path]?.first }
  }

  /// How many finished requests the sparkline remembers.
  public let capacity: Int
  private let clock: any TetherClock
  private let storage = SanitizerVisibleMutex(Snapshot())

  public init(capacity: Int = 40, clock: any TetherClock = SystemClock()) {
    self.capacity = capacity
    self.clock = clock
  }

  /// The current activity.
  public var snapshot: Snapshot { storage.withLock { $0 } }

  /// Forgets the finished requests (the sparkline, the totals); requests in flight stay.
  public func clearRecent() {
    update { snapshot in
      snapshot.recent.removeAll()
      snapshot.total = 0
      snapshot.failures = 0
    }
  }

  public func willSend(_ request: URLRequest) {
    guard !Self.isStream(request) else { return }
    let path = request.url?.path ?? ""
    let now = clock.now()
    update { $0.inFlightSince[path, default: []].append(now) }
  }

  /// Whether `request` opens an event stream, which stays open as long as the browser runs:
  /// neither a request in flight nor one to count.
  static func isStream(_ request: URLRequest) -> Bool {
    request.value(forHTTPHeaderField: "Accept") == "text/event-stream"
  }

  public func didFinish(_ exchange: HTTPExchange) {
    guard !Self.isStream(exchange.request) else { return }
    let path = exchange.request.url?.path ?? ""
    let isCancelled = if case .cancelled? = exchange.failure { true } else { false }
    let sample = Sample(
      duration: exchange.duration, failed: exchange.failure != nil && !isCancelled,
      cancelled: isCancelled)
    update { snapshot in
      if var dates = snapshot.inFlightSince[path], !dates.isEmpty {
        dates.removeFirst()
        snapshot.inFlightSince[path] = dates.isEmpty ? nil : dates
      }
      snapshot.recent.append(sample)
      if snapshot.recent.count > capacity {
        snapshot.recent.removeFirst(snapshot.recent.count - capacity)
      }
      snapshot.total += 1
      if sample.failed { snapshot.failures += 1 }
    }
  }

  private func update(_ change: (inout Snapshot) -> Void) {
    storage.withLock { change(&$0) }
  }
}
