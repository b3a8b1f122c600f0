import Foundation
import TetherSynchronization
import TetherSystem

/// Where the devtools save what they export ("copy as JSON"): a folder of this user's alone.
///
/// By default `$XDG_STATE_HOME/tether/exports` (`~/.local/state/tether/exports`), made 0700;
/// without a home, a new folder of its own under the temporary directory (`mkdtemp`). Before
/// each save the folder is checked to be ours — a directory, not a symbolic link, owned by this
/// user, tightened to 0700 if it let others in — and each export is a new file, made 0600 and
/// never through a link. A folder another user made first, or a link in its place, is refused
/// with a message and never written to.
public struct ExportFolder: Sendable {
  private enum Place: Sendable {
    case path(String)
    /// Made on first use, once per process, under `parent`.
    case temporary(parent: String, made: TemporaryFolder)
  }

  private let place: Place

  /// Exports go to `path`.
  public init(path: String) {
    place = .path(path)
  }

  /// `$XDG_STATE_HOME/tether/exports`, else `$HOME/.local/state/tether/exports`, else a
  /// private folder made under `$TMPDIR` (or `/tmp`) at the first export.
  public static func standard(environment: [String: String]) -> ExportFolder {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return ExportFolder(path: state + "/tether/exports")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return ExportFolder(path: home + "/.local/state/tether/exports")
    }
    let parent = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    return ExportFolder(place: .temporary(parent: parent, made: TemporaryFolder()))
  }

  private init(place: Place) {
    self.place = place
  }

  /// The folder's path; nil for a temporary folder not made yet.
  public var path: String? {
    switch place {
    case .path(let path): path
    case .temporary(_, let made): made.path
    }
  }

  /// Saves `data` as a new file called `name` (`name-2`… when taken) in the folder, after
  /// checking the folder is ours; returns the file's path.
  public func save(_ data: Data, as name: String) throws(SystemError) -> String {
    let folder = try prepare()
    let stem = (name as NSString).deletingPathExtension
    let suffix = (name as NSString).pathExtension
    for attempt in 1...100 {
      let candidate =
        attempt == 1 ? name : "\(stem)-\(attempt)" + (suffix.isEmpty ? "" : ".\(suffix)")
      let path = folder + "/" + candidate
      do {
        try PrivateFile.write(data, toNew: path)
      } catch let error where error.code == EEXIST {
        continue
      }
      return path
    }
    throw SystemError("save in", folder, reason: "too many files named \(name)")
  }

  /// The folder, checked to be ours (made when missing).
  private func prepare() throws(SystemError) -> String {
    switch place {
    case .path(let path):
      try PrivateDirectory.claim(path)
      return path
    case .temporary(let parent, let made):
      return try made.path(makingIn: parent)
    }
  }
}

/// A temporary export folder, made once and shared by copies of its ``ExportFolder``.
private final class TemporaryFolder: Sendable {
  private let made = SanitizerVisibleMutex<String?>(nil)

  var path: String? { made.withLock { $0 } }

  func path(makingIn parent: String) throws(SystemError) -> String {
    try made.withLock { (made) throws(SystemError) -> String in
      if let made {
        try PrivateDirectory.claim(made)
        return made
      }
      let path = try PrivateDirectory.makeTemporary(in: parent, prefix: "tether-exports-")
      made = path
      return path
    }
  }
}
