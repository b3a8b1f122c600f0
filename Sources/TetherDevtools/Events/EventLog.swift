import Foundation
import TetherCore
import TetherSynchronization

/// Every client event in the order it came — stores added and removed, subscribers, runs,
/// attempts, failures with their reasons, successes, invalidations, values set by hand —
/// the latest `capacity` of them, in a ring that never grows past it.
///
/// Written from whatever thread delivers the client's events; read by the event log view on
/// the loop's thread.
public final class EventLog: Sendable {
  private struct Ring {
    var records: [ClientEventRecord] = []
    var head = 0
    var sequence: UInt64 = 0
  }

  private let ring = SanitizerVisibleMutex(Ring())
  /// How many events the log keeps.
  public let capacity: Int

  /// A log that keeps the latest `capacity` events.
  public init(capacity: Int = 50_000) {
    self.capacity = max(1, capacity)
  }

  /// Adds an event; its sequence number is given here.
  public func append(
    _ kind: ClientEventRecord.Kind, path: OperationPath, isMutation: Bool, date: Date,
    entry: RunLogEntry? = nil, warning: String? = nil
  ) {
    ring.withLock { ring in
      ring.sequence += 1
      let record = ClientEventRecord(
        sequence: ring.sequence, date: date, path: path, isMutation: isMutation, kind: kind,
        entry: entry, warning: warning)
      if ring.records.count < capacity {
        ring.records.append(record)
      } else {
        ring.records[ring.head] = record
        ring.head = (ring.head + 1) % capacity
      }
    }
  }

  /// Adds what `event` says, at `date` unless it carries its own.
  func record(_ event: OperationClientEvent, at date: @autoclosure () -> Date) {
    switch event {
    case .storeAdded(let store):
      append(.added, path: store.path, isMutation: store.kind == .mutation, date: date())
    case .storeRemoved(let store):
      append(.removed, path: store.path, isMutation: store.kind == .mutation, date: date())
    case .subscriberAdded(let store):
      append(.subscribed, path: store.path, isMutation: store.kind == .mutation, date: date())
    case .subscriberRemoved(let store):
      append(.unsubscribed, path: store.path, isMutation: store.kind == .mutation, date: date())
    case .storeBecameStale(let store):
      append(.stale, path: store.path, isMutation: store.kind == .mutation, date: date())
    case .runLogged(let entry, _):
      append(
        ClientEventRecord.kind(of: entry.event), path: entry.path,
        isMutation: entry.kind == .mutation, date: entry.date, entry: entry)
    case .warning(let text, let path):
      append(.warning, path: path, isMutation: false, date: date(), warning: text)
    case .storeUpdated:
      break
    }
  }

  /// The sequence number of the oldest event kept, and how many are kept.
  public var window: (first: UInt64, count: Int) {
    ring.withLock { ($0.sequence - UInt64($0.records.count) + 1, $0.records.count) }
  }

  /// The event numbered `sequence`, if it is still kept.
  public func record(_ sequence: UInt64) -> ClientEventRecord? {
    ring.withLock { ring in
      let first = ring.sequence - UInt64(ring.records.count) + 1
      guard sequence >= first, sequence <= ring.sequence else { return nil }
      return ring.records[(ring.head + Int(sequence - first)) % ring.records.count]
    }
  }

  /// The sequence numbers of the events after `sequence` that `isIncluded` keeps, oldest
  /// first.
  public func sequences(
    after sequence: UInt64, where isIncluded: (ClientEventRecord) -> Bool
  ) -> [UInt64] {
    ring.withLock { ring in
      let count = ring.records.count
      let first = ring.sequence - UInt64(count) + 1
      let start = Int(max(sequence + 1, first) - first)
      guard start < count else { return [] }
      var found: [UInt64] = []
      for offset in start..<count {
        let record = ring.records[(ring.head + offset) % count]
        if isIncluded(record) { found.append(record.sequence) }
      }
      return found
    }
  }

  /// How many events were ever added (the latest one's sequence number).
  public var total: UInt64 { ring.withLock { $0.sequence } }

  /// The events kept, oldest first.
  public var records: [ClientEventRecord] {
    ring.withLock { ring in
      ring.head == 0 ? ring.records : Array(ring.records[ring.head...] + ring.records[..<ring.head])
    }
  }

  /// Forgets every event.
  public func removeAll() {
    ring.withLock { ring in
      ring.records.removeAll()
      ring.head = 0
    }
  }
}
