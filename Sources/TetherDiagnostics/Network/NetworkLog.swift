import Foundation
import TetherCore
import TetherSynchronization

/// Every HTTP request of an app, in order: the latest ``capacity`` of them, in flight or
/// finished. Fed from any thread (by `TetherDiagnosticsHTTP`'s `NetworkLogObserver`), read by
/// the devtools' network log view and sent by an inspector to the viewers attached to it.
///
/// ```swift
/// let network = NetworkLog()
/// let id = network.begin(method: "GET", url: "https://example.com/posts/1", target: "/posts/1",
///   at: clock.now())
/// network.finish(id, with: NetworkOutcome(duration: .milliseconds(120), status: 200, bytes: 512))
/// ```
public final class NetworkLog: Sendable {
  /// How many bytes of a response body a record keeps.
  public static let bodyPrefixLimit = 4096

  private struct Storage {
    var records: [NetworkRecord] = []
    var nextID: UInt64 = 1
    var revision: UInt64 = 0
  }

  /// How many records are kept; older ones fall off.
  public let capacity: Int
  private let storage = SanitizerVisibleMutex(Storage())
  private let listeners = Listeners<UInt64>()

  /// A log that keeps the latest `capacity` requests (at least one).
  public init(capacity: Int = 1000) {
    self.capacity = max(1, capacity)
  }

  /// Records a request going out; returns its id for ``finish(_:with:)``.
  @discardableResult
  public func begin(
    method: String, url: String, target: String, at date: Date,
    requestHeaders: [(name: String, value: String)] = [], requestBody: Data = Data(),
    origin: RequestOrigin? = nil
  ) -> UInt64 {
    let id = storage.withLock { storage in
      let id = storage.nextID
      storage.nextID += 1
      storage.records.append(
        NetworkRecord(
          id: id, method: method, url: url, target: target, startDate: date,
          requestHeaders: requestHeaders, requestBody: requestBody.prefix(Self.bodyPrefixLimit),
          origin: origin))
      if storage.records.count > capacity {
        storage.records.removeFirst(storage.records.count - capacity)
      }
      storage.revision &+= 1
      return id
    }
    listeners.notify(id)
    return id
  }

  /// Records the outcome of request `id` (ignored when it fell off the log).
  public func finish(_ id: UInt64, with outcome: NetworkOutcome) {
    let found = storage.withLock { storage in
      guard let index = Self.index(of: id, in: storage.records) else { return false }
      storage.records[index].duration = outcome.duration
      storage.records[index].status = outcome.status
      storage.records[index].failure = outcome.failure
      storage.records[index].bytes = outcome.bytes
      storage.records[index].responseHeaders = outcome.responseHeaders
      storage.records[index].bodyPrefix = outcome.bodyPrefix.prefix(Self.bodyPrefixLimit)
      storage.records[index].injectedFault = outcome.injectedFault
      storage.records[index].isCancelled = outcome.isCancelled
      storage.revision &+= 1
      return true
    }
    if found { listeners.notify(id) }
  }

  /// The records, oldest first.
  public var records: [NetworkRecord] { storage.withLock { $0.records } }

  /// The record `id`, if it is still kept.
  public func record(_ id: UInt64) -> NetworkRecord? {
    storage.withLock { storage in
      Self.index(of: id, in: storage.records).map { storage.records[$0] }
    }
  }

  /// Changes with every record begun or finished.
  public var revision: UInt64 { storage.withLock { $0.revision } }

  /// The records of `ids` still kept, in id order.
  public func records(_ ids: Set<UInt64>) -> [NetworkRecord] {
    storage.withLock { $0.records.filter { ids.contains($0.id) } }
  }

  /// Calls `observer` (on the recording thread) with the id of every record begun or
  /// finished, until the subscription is cancelled or released.
  public func observe(_ observer: @escaping @Sendable (UInt64) -> Void) -> OperationSubscription {
    listeners.subscribe(observer)
  }

  /// Forgets every record.
  public func removeAll() {
    storage.withLock { storage in
      storage.records.removeAll()
      storage.revision &+= 1
    }
  }

  /// Records are in id order with no gap — each `begin` takes the next id, and only the
  /// oldest fall off (or all): a record's place is its id's distance from the first's.
  private static func index(of id: UInt64, in records: [NetworkRecord]) -> Int? {
    guard let first = records.first?.id, id >= first, id - first < records.count else {
      return nil
    }
    return Int(id - first)
  }
}
