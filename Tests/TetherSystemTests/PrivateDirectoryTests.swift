import Glibc
import Testing
import TetherSystem

@Suite struct PrivateDirectoryTests {
  @Test func madeFoldersAre0700EachAndExistingOnesAreLeftAlone() throws {
    let scratch = try Scratch()
    mkdir(scratch.file("shared"), 0o755)
    let deep = scratch.file("shared/a/b/c")
    try PrivateDirectory.make(deep)
    #expect(Scratch.mode(scratch.file("shared")) == 0o755)
    for path in ["shared/a", "shared/a/b", "shared/a/b/c"] {
      #expect(Scratch.mode(scratch.file(path)) == 0o700, "\(path)")
    }
    try PrivateDirectory.make(deep)  // again: nothing to do
    Scratch.write("x", to: scratch.file("file"))
    #expect(throws: SystemError.self) { try PrivateDirectory.make(scratch.file("file")) }
  }

  @Test func aClaimedFolderIsMadeOrTightenedAndSaysSo() throws {
    let scratch = try Scratch()
    let exports = scratch.file("state/tether/exports")
    #expect(try PrivateDirectory.claim(exports) == nil)
    #expect(Scratch.mode(exports) == 0o700)
    chmod(exports, 0o777)
    let change = try PrivateDirectory.claim(exports)
    #expect(change == ModeChange(path: exports, previous: 0o777, current: 0o700))
    #expect(change?.description == "\(exports) was open to other users (0777); it is now 0700")
    #expect(Scratch.mode(exports) == 0o700)
    #expect(try PrivateDirectory.claim(exports) == nil)
  }

  @Test(.enabled(if: Scratch.isRoot, "needs root to make a folder another user owns"))
  func aFolderAnotherUserMadeFirstIsRefused() throws {
    let scratch = try Scratch()
    let folder = scratch.file("tether-devtools")
    mkdir(folder, 0o777)
    chmod(folder, 0o777)
    Scratch.giveAway(folder)
    #expect(throws: SystemError("use the folder", folder, reason: "it belongs to another user")) {
      try PrivateDirectory.claim(folder)
    }
    #expect(Scratch.mode(folder) == 0o777, "left as it was")
  }

  @Test func aPlantedLinkIsNotFollowed() throws {
    let scratch = try Scratch()
    let target = scratch.file("elsewhere")
    mkdir(target, 0o755)
    let folder = scratch.file("exports")
    symlink(target, folder)
    #expect(throws: SystemError("use the folder", folder, reason: "it is a symbolic link")) {
      try PrivateDirectory.claim(folder)
    }
    #expect(Scratch.mode(target) == 0o755, "the link's target is untouched")
  }

  @Test func temporaryFoldersAreNewAndPrivate() throws {
    let scratch = try Scratch()
    let first = try PrivateDirectory.makeTemporary(in: scratch.path, prefix: "exports-")
    let second = try PrivateDirectory.makeTemporary(in: scratch.path, prefix: "exports-")
    #expect(first != second && first.hasPrefix(scratch.file("exports-")))
    #expect(Scratch.mode(first) == 0o700 && Scratch.mode(second) == 0o700)
  }
}
