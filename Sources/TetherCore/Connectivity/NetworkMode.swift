/// When an operation's runs wait for the network (TanStack's `networkMode`).
///
/// Waiting spends no attempt: a paused run shows `fetchStatus == .paused` and goes on when the
/// client's connectivity holds again.
///
/// ```swift
/// Query(["settings"]) { _ in try database.settings() }.networkMode(.always)
/// ```
public enum NetworkMode: String, Sendable, Hashable {
  /// Runs and retries go on whatever the connectivity: for operations that need no network
  /// (a local database, a server on the loopback interface, a mock).
  case always
  /// The default: while offline, a new run and a pending retry wait, and go on when the
  /// connection returns.
  case online
  /// The first attempt runs even offline (a cache may answer it); its retries wait for the
  /// network.
  case offlineFirst
}
