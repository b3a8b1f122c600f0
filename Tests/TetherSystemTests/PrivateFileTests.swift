import Glibc
import Testing
import TetherSystem

@Suite struct PrivateFileTests {
  @Test func aNewFileIs0600() throws {
    let scratch = try Scratch()
    for access in [PrivateFile.Access.append, .readWrite, .createNew] {
      let path = scratch.file("\(access).log")
      let opened = try PrivateFile.open(path, access)
      close(opened.descriptor)
      #expect(opened.modeChange == nil)
      #expect(Scratch.mode(path) == 0o600, "\(access)")
    }
  }

  @Test func anOlderLooserFileIsTightenedAndSaysSoOnce() throws {
    let scratch = try Scratch()
    let path = scratch.file("posts.log")
    Scratch.write("old line\n", to: path, mode: 0o644)
    let opened = try PrivateFile.open(path, .append)
    _ = "new line\n".withCString { write(opened.descriptor, $0, strlen($0)) }
    close(opened.descriptor)
    #expect(opened.modeChange == ModeChange(path: path, previous: 0o644, current: 0o600))
    #expect(Scratch.mode(path) == 0o600)
    #expect(Scratch.read(path) == "old line\nnew line\n", "appended, nothing lost")
    let again = try PrivateFile.open(path, .append)
    close(again.descriptor)
    #expect(again.modeChange == nil)
  }

  @Test func aPlantedLinkIsNotFollowed() throws {
    let scratch = try Scratch()
    let target = scratch.file("victim")
    Scratch.write("precious\n", to: target, mode: 0o644)
    let path = scratch.file("posts.log")
    symlink(target, path)
    #expect(throws: SystemError("open", path, reason: "it is a symbolic link", code: ELOOP)) {
      try PrivateFile.open(path, .append)
    }
    #expect(Scratch.read(target) == "precious\n")
    #expect(Scratch.mode(target) == 0o644)
    let dangling = scratch.file("dangling.log")
    symlink(scratch.file("not-yet"), dangling)
    #expect(throws: SystemError.self) { try PrivateFile.open(dangling, .append) }
    #expect(Scratch.mode(scratch.file("not-yet")) == nil, "nothing made where the link points")
  }

  @Test func aFolderAFIFOOrAnExistingFileForANewOneIsRefused() throws {
    let scratch = try Scratch()
    mkfifo(scratch.file("fifo"), 0o600)
    #expect(throws: SystemError.self) { try PrivateFile.open(scratch.file("fifo"), .readWrite) }
    mkdir(scratch.file("folder"), 0o700)
    #expect(throws: SystemError.self) { try PrivateFile.open(scratch.file("folder"), .readWrite) }
    Scratch.write("x", to: scratch.file("taken"))
    #expect(throws: SystemError.self) { try PrivateFile.open(scratch.file("taken"), .createNew) }
  }

  @Test(.enabled(if: Scratch.isRoot, "needs root to make a file another user owns"))
  func aFileOfAnotherUserIsRefused() throws {
    let scratch = try Scratch()
    let path = scratch.file("posts.sqlite")
    Scratch.write("", to: path, mode: 0o666)
    Scratch.giveAway(path)
    #expect(throws: SystemError("use", path, reason: "it belongs to another user")) {
      try PrivateFile.open(path, .readWrite)
    }
    #expect(Scratch.mode(path) == 0o666)
  }

  @Test func companionsAreTightenedWhenThere() throws {
    let scratch = try Scratch()
    #expect(try PrivateFile.tighten(scratch.file("posts.sqlite-wal")) == nil)
    Scratch.write("", to: scratch.file("posts.sqlite-shm"), mode: 0o644)
    #expect(try PrivateFile.tighten(scratch.file("posts.sqlite-shm"))?.previous == 0o644)
    #expect(Scratch.mode(scratch.file("posts.sqlite-shm")) == 0o600)
    Scratch.write("", to: scratch.file("stricter"), mode: 0o400)
    #expect(try PrivateFile.tighten(scratch.file("stricter")) == nil)
    #expect(Scratch.mode(scratch.file("stricter")) == 0o400)
  }

  @Test func aSecretFileMustBeOursAlone() throws {
    let scratch = try Scratch()
    let path = scratch.file("credentials")
    Scratch.write("me:hunter2\n", to: path, mode: 0o600)
    #expect(try PrivateFile.readSecret(path) == "me:hunter2\n")
    chmod(path, 0o640)
    #expect(
      throws: SystemError("use", path, reason: "other users can read it (0640); chmod 600 it")
    ) { try PrivateFile.readSecret(path) }
    chmod(path, 0o600)
    #expect(throws: SystemError("read", path, reason: "it is longer than 4 bytes")) {
      try PrivateFile.readSecret(path, limit: 4)
    }
    #expect(throws: SystemError.self) { try PrivateFile.readSecret(scratch.file("missing")) }
  }
}
