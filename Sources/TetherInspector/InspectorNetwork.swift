import Foundation
import TetherCore
import TetherSynchronization

/// The inspected process's latest HTTP requests, kept for viewers that attach later and sent
/// to the ones attached as they change. `TetherInspectorHTTP`'s observer feeds it from an
/// `APIClient`; nothing else needs to.
public final class InspectorNetwork: Sendable {
  /// How many bytes of a response body a record keeps.
  public static let bodyPrefixLimit = 4096

  private struct Storage {
    var records: [InspectedRequest] = []
    var nextID: UInt64 = 1
    var observer: (@Sendable (UInt64) -> Void)?
  }

  /// How many records are kept; older ones fall off.
  public let capacity: Int
  private let storage = SanitizerVisibleMutex(Storage())

  /// A log keeping the latest `capacity` requests.
  public init(capacity: Int = 500) {
    self.capacity = max(1, capacity)
  }

  /// Records a request going out; returns its id for ``finish(_:_:)``.
  @discardableResult
  public func begin(
    method: String, url: String, target: String, at date: Date,
    requestHeaders: [(name: String, value: String)] = [], origin: RequestOrigin? = nil
  ) -> UInt64 {
    let (id, observer) = storage.withLock { storage in
      let id = storage.nextID
      storage.nextID += 1
      storage.records.append(
        InspectedRequest(
          id: id, method: method, url: url, target: target, startDate: date,
          requestHeaders: requestHeaders, origin: origin))
      if storage.records.count > capacity {
        storage.records.removeFirst(storage.records.count - capacity)
      }
      return (id, storage.observer)
    }
    observer?(id)
    return id
  }

  /// Records how request `id` ended (ignored when it fell off).
  public func finish(_ id: UInt64, _ update: (inout InspectedRequest) -> Void) {
    let observer = storage.withLock { storage -> (@Sendable (UInt64) -> Void)? in
      guard let index = storage.records.lastIndex(where: { $0.id == id }) else { return nil }
      update(&storage.records[index])
      storage.records[index].bodyPrefix = storage.records[index].bodyPrefix.prefix(
        Self.bodyPrefixLimit)
      return storage.observer
    }
    observer?(id)
  }

  /// The records, oldest first.
  public var records: [InspectedRequest] { storage.withLock { $0.records } }

  /// The records of `ids` still kept, in id order.
  func records(_ ids: Set<UInt64>) -> [InspectedRequest] {
    storage.withLock { $0.records.filter { ids.contains($0.id) } }
  }

  /// Calls `observer` with the id of every record begun or finished (one observer: the
  /// inspector's).
  func observe(_ observer: (@Sendable (UInt64) -> Void)?) {
    storage.withLock { $0.observer = observer }
  }
}
