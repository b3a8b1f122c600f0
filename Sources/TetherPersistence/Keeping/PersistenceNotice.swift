import Foundation
import TetherCore

/// Something a ``ClientPersistence`` did that a user may want to know, in a sentence: a
/// snapshot discarded, a store it cannot write. Each is reported once per store.
public enum PersistenceNotice: Sendable, Hashable, CustomStringConvertible {
  /// Why a whole snapshot was not restored.
  public enum DiscardReason: Sendable, Hashable {
    /// Saved longer ago than `maxAge`.
    case tooOld(savedAt: Date)
    /// Written with another buster.
    case otherBuster(String)
    /// Written in another format version.
    case otherFormat(Int)
  }

  /// The saved snapshot was deleted instead of restored.
  case discarded(DiscardReason)
  /// A store is never written: its types are not `Codable`, or its path holds an element that
  /// is not persistable.
  case notPersistable(OperationPath, reason: String)
  /// A store's encoded data is larger than `maximumStoreSize`: it is not written.
  case tooLarge(OperationPath, bytes: Int)

  public var description: String {
    switch self {
    case .discarded(.tooOld(let savedAt)):
      "cache discarded: saved \(savedAt.formatted(.iso8601)), older than its maximum age"
    case .discarded(.otherBuster(let buster)):
      "cache discarded: written by another version (\(buster.isEmpty ? "none" : buster))"
    case .discarded(.otherFormat(let version)):
      "cache discarded: written in format \(version), this build reads "
        + "\(ClientSnapshot.currentFormatVersion)"
    case .notPersistable(let path, let reason):
      "\(path) is not cached: \(reason)"
    case .tooLarge(let path, let bytes):
      "\(path) is not cached: \(bytes) bytes, more than the limit"
    }
  }
}
