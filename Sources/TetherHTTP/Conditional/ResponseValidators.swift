import Foundation
import TetherSynchronization

/// What a client remembers to revalidate a query instead of downloading it again: per store and
/// endpoint, the `ETag` and `Last-Modified` of the last good response and the value it was
/// parsed into.
///
/// A query's next fetch sends them back as `If-None-Match` and `If-Modified-Since`; a
/// `304 Not Modified` answer returns the remembered value without reading a body, so the store's
/// value is fresh again at the cost of a header exchange. A successful response without
/// validators makes the client forget the entry; a failure leaves it. The oldest entries go
/// past ``capacity``.
///
/// Shared by every copy of the ``APIClient`` that made it; give a client a fresh one
/// (`client.validators = ResponseValidators()`) to start over, or `nil` to send no conditional
/// requests.
public final class ResponseValidators: Sendable {
  /// The validators of one response and the value parsed from it.
  struct Entry: Sendable {
    var entityTag: String?
    var lastModified: String?
    var value: any Sendable
  }

  private struct State {
    var entries: [String: Entry] = [:]
    /// Keys from least to most recently stored.
    var order: [String] = []
  }

  /// The most entries kept.
  public let capacity: Int
  private let state = SanitizerVisibleMutex(State())

  /// Validators for at most `capacity` responses.
  public init(capacity: Int = 1024) {
    precondition(capacity > 0, "a validator memory holds at least one entry")
    self.capacity = capacity
  }

  /// How many responses are remembered.
  public var count: Int { state.withLock { $0.entries.count } }

  /// Forgets every response.
  public func removeAll() {
    state.withLock { $0 = State() }
  }

  func entry(for key: String) -> Entry? {
    state.withLock { $0.entries[key] }
  }

  /// Remembers `entry` for `key`, or forgets the key when `entry` is nil.
  func set(_ entry: Entry?, for key: String) {
    state.withLock { state in
      if state.entries[key] != nil { state.order.removeAll { $0 == key } }
      state.entries[key] = entry
      guard entry != nil else { return }
      state.order.append(key)
      if state.order.count > capacity {
        state.entries[state.order.removeFirst()] = nil
      }
    }
  }
}
