import Foundation
import TetherCore

/// Where the devtools read stores from: an `OperationClient` of this process, or a process
/// the devtools are attached to (`TetherInspector`'s remote source, a recording replayed).
/// The store view, the store detail, the timeline and the actions are the same code over
/// either: only this protocol differs.
///
/// A source's stores are `InspectableStore`s: a remote source's stores hold the latest state
/// the other process sent and turn actions (refetch, reset…) into commands to it.
public protocol StoreSource: AnyObject, Sendable {
  /// Every store, queries first.
  func inspectableStores() -> [any InspectableStore]
  /// Calls `handler` for every store added, updated and removed and every run log entry,
  /// on any thread, until the subscription is cancelled.
  func subscribeToEvents(_ handler: @escaping @Sendable (OperationClientEvent) -> Void)
    -> OperationSubscription
  /// Removes the store at `path` (a query), as `OperationClient/remove(at:)` does.
  func remove(at path: OperationPath)
  /// What the devtools show of: nil for this process's client, `posts-watch (1234)` for a
  /// process attached to, with what became of it (`detached: posts-watch (1234) exited`).
  var status: StoreSourceStatus? { get }
  /// Whether ``mockOffline(_:)`` works on this source.
  var canMockOffline: Bool { get }
  /// Whether the source's client acts offline because the devtools said so (`W`).
  var isOfflineMocked: Bool { get }
  /// Makes the source's client act offline (queries pause, writes queue) or online again
  /// (what paused goes on, in order) — TanStack Devtools' "mock offline".
  func mockOffline(_ offline: Bool)
  /// The values `store` held before the devtools looked, oldest first (a recording's); empty
  /// for a live client, whose history the devtools gather themselves.
  func recordedHistory(of store: any InspectableStore) -> [RecordedValue]
}

extension StoreSource {
  public var canMockOffline: Bool { false }
  public var isOfflineMocked: Bool { false }
  public func mockOffline(_ offline: Bool) {}
  /// None: the devtools gather a live client's history themselves.
  public func recordedHistory(of store: any InspectableStore) -> [RecordedValue] { [] }
}

/// What a source other than this process's client says about itself, for the status bar.
public struct StoreSourceStatus: Sendable, Hashable {
  /// `attached to posts-watch (1234)`, `replay of posts.tether at 12:03:04.512`.
  public var text: String
  /// Whether the source stopped changing for good (the process exited, the connection broke):
  /// what is shown is its last state.
  public var isDetached: Bool

  /// A status that says `text`; `isDetached` if the source stopped changing for good.
  public init(text: String, isDetached: Bool = false) {
    self.text = text
    self.isDetached = isDetached
  }
}

extension OperationClient: StoreSource {
  public func inspectableStores() -> [any InspectableStore] {
    (stores() + mutationStores()).compactMap { $0 as? any InspectableStore }
  }

  public var status: StoreSourceStatus? { nil }

  public var canMockOffline: Bool { true }

  public func mockOffline(_ offline: Bool) {
    isOfflineMocked = offline
  }
}
