import Foundation
import Glibc
import Testing
import TetherDevtools

/// Exports go to a folder of this user's alone, checked before every save: never to a folder
/// another user made first, never through a link planted in its place.
@Suite struct ExportFolderTests {
  let scratch: URL

  init() throws {
    umask(0o022)
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("export-folder-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  }

  private func mode(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
  }

  private func contents(_ path: String) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? []
  }

  @Test func theStandardFolderIsTheUsersState() {
    #expect(
      ExportFolder.standard(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).path
        == "/x/state/tether/exports")
    #expect(
      ExportFolder.standard(environment: ["XDG_STATE_HOME": "state", "HOME": "/home/u"]).path
        == "/home/u/.local/state/tether/exports")
    #expect(ExportFolder.standard(environment: [:]).path == nil, "made at the first export")
  }

  @Test func savesAreNewPrivateFilesInAPrivateFolder() throws {
    defer { try? FileManager.default.removeItem(at: scratch) }
    let state = scratch.path + "/state"
    let folder = ExportFolder.standard(environment: ["XDG_STATE_HOME": state])
    let first = try folder.save(Data("{}".utf8), as: "post-1-120000.json")
    let second = try folder.save(Data("[]".utf8), as: "post-1-120000.json")
    #expect(first == state + "/tether/exports/post-1-120000.json")
    #expect(second == state + "/tether/exports/post-1-120000-2.json")
    for path in [state, state + "/tether", state + "/tether/exports"] {
      #expect(mode(path) == 0o700, "\(path)")
    }
    #expect(mode(first) == 0o600 && mode(second) == 0o600)
    #expect(try String(contentsOfFile: second, encoding: .utf8) == "[]")
  }

  @Test func withoutAHomeAFolderOfItsOwnIsMadeOnceNotTheSharedOne() throws {
    defer { try? FileManager.default.removeItem(at: scratch) }
    // The fixed shared folder of old, made first by someone else.
    let shared = scratch.path + "/tether-devtools"
    mkdir(shared, 0o777)
    chmod(shared, 0o777)
    if getuid() == 0 { chown(shared, 65_534, 65_534) }
    let folder = ExportFolder.standard(environment: ["TMPDIR": scratch.path])
    let first = try folder.save(Data("1".utf8), as: "a.json")
    let second = try folder.save(Data("2".utf8), as: "b.json")
    let made = try #require(folder.path)
    #expect(made.hasPrefix(scratch.path + "/tether-exports-"))
    #expect(first == made + "/a.json" && second == made + "/b.json")
    #expect(mode(made) == 0o700)
    #expect(contents(shared).isEmpty)
  }

  @Test(.enabled(if: getuid() == 0, "needs root to make a folder another user owns"))
  func aFolderAnotherUserMadeFirstIsNeverWrittenTo() throws {
    defer { try? FileManager.default.removeItem(at: scratch) }
    let exports = scratch.path + "/exports"
    mkdir(exports, 0o777)
    chmod(exports, 0o777)
    chown(exports, 65_534, 65_534)
    #expect {
      try ExportFolder(path: exports).save(Data("{}".utf8), as: "a.json")
    } throws: { error in
      "\(error)" == "cannot use the folder \(exports): it belongs to another user"
    }
    #expect(contents(exports).isEmpty)
    #expect(mode(exports) == 0o777)
  }

  @Test func aLinkPlantedInTheFoldersPlaceIsNotFollowed() throws {
    defer { try? FileManager.default.removeItem(at: scratch) }
    let target = scratch.path + "/elsewhere"
    mkdir(target, 0o755)
    let exports = scratch.path + "/exports"
    symlink(target, exports)
    #expect {
      try ExportFolder(path: exports).save(Data("{}".utf8), as: "a.json")
    } throws: { error in
      "\(error)" == "cannot use the folder \(exports): it is a symbolic link"
    }
    #expect(contents(target).isEmpty)
  }
}
