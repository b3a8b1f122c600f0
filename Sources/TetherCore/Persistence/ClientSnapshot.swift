import Foundation

/// The persisted state of one store: its kind and path, when its data last changed, and its
/// data, encoded.
///
/// The payload is the JSON (TetherJSON's `JSONCoder`) of the store's data (a query's value, a paginated query's pages, a
/// mutation's paused attempts), decoded when a store of the right type exists at `path`, so
/// that a snapshot can be read and written without knowing any value type.
public struct StoreSnapshot: Sendable, Hashable, Codable {
  /// The store's kind: a mutation and a query may share a path.
  public var kind: OperationKind
  /// The store's path.
  public var path: PersistedPath
  /// When the store's value last changed: what decides whether the snapshot or a live store is
  /// newer.
  public var updatedAt: Date
  /// The encoded data.
  public var payload: Data

  /// Whether it belongs in the client's table of mutations.
  public var isMutation: Bool { kind == .mutation }

  /// The snapshot of one store: its kind, its path, when its data last changed, and that data
  /// encoded.
  public init(kind: OperationKind, path: PersistedPath, updatedAt: Date, payload: Data) {
    self.kind = kind
    self.path = path
    self.updatedAt = updatedAt
    self.payload = payload
  }
}

/// Everything a client wrote of its stores, with the version of its format, the app's buster
/// and the date it was saved: what a persister keeps and restores.
///
/// As a whole it is `Codable` (a file persister can write it as one JSON document); a
/// persister that keeps rows writes its ``stores`` one at a time.
public struct ClientSnapshot: Sendable, Hashable, Codable {
  /// The format this build writes; a snapshot of another format is not restored.
  ///
  /// 2: payloads written by TetherJSON's `JSONCoder` (dates as seconds since 2001); 1: by
  /// `JSONEncoder` with its defaults, no longer read.
  public static let currentFormatVersion = 2

  /// The format the snapshot was written in.
  public var formatVersion: Int
  /// The app's version string when it was written.
  public var buster: String
  /// When it was written.
  public var savedAt: Date
  /// The stores, in no particular order.
  public var stores: [StoreSnapshot]

  /// A snapshot of `stores`, as ``OperationClient/dehydrate(filter:buster:)`` makes one.
  public init(
    formatVersion: Int = ClientSnapshot.currentFormatVersion, buster: String = "",
    savedAt: Date, stores: [StoreSnapshot]
  ) {
    self.formatVersion = formatVersion
    self.buster = buster
    self.savedAt = savedAt
    self.stores = stores
  }
}
