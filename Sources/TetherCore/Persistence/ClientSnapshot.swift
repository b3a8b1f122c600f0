import Foundation

/// The persisted state of one store: its path, when its value last changed, and its state,
/// encoded.
///
/// The payload is the JSON of the store's dehydrated state (its value, pages or paused
/// mutation attempts, with their dates), decoded when a store of the right type exists at
/// `path`, so that a snapshot can be read without knowing any value type.
public struct StoreSnapshot: Sendable, Hashable, Codable {
  /// The store's path.
  public var path: PersistedPath
  /// When the store's value last changed: what decides whether the snapshot or a live store is
  /// newer.
  public var updatedAt: Date
  /// The encoded state.
  public var payload: Data

  public init(path: PersistedPath, updatedAt: Date, payload: Data) {
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
  public static let currentFormatVersion = 1

  /// The format the snapshot was written in.
  public var formatVersion: Int
  /// The app's version string when it was written.
  public var buster: String
  /// When it was written.
  public var savedAt: Date
  /// The stores, in no particular order.
  public var stores: [StoreSnapshot]

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
