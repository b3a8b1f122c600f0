import Glibc
import Testing
import TetherSystem

@Suite struct LocalSocketTests {
  @Test func theSocketIsMade0600AndTheConnectionSeesItsPeer() throws {
    let scratch = try Scratch()
    let listener = try LocalSocket.listen(at: scratch.file("1.sock"))
    #expect(Scratch.mode(listener.path) == 0o600)
    #expect(try LocalSocket.accept(listener.descriptor) == nil)  // nobody waits: no blocking
    let client = try LocalSocket.connect(to: listener.path)
    defer { close(client) }
    let server = try #require(try LocalSocket.accept(listener.descriptor))
    defer { close(server) }
    let peer = try LocalSocket.peer(of: server)
    #expect(peer.user == geteuid())
    #expect(peer.process == getpid())
    #expect(write(client, "hi", 2) == 2)
    var bytes = [UInt8](repeating: 0, count: 2)
    #expect(read(server, &bytes, 2) == 2)
    #expect(bytes == Array("hi".utf8))
    listener.close()
    #expect(Scratch.mode(listener.path) == nil)
  }

  @Test func aStaleSocketIsReplacedAndALiveOneIsNot() throws {
    let scratch = try Scratch()
    let path = scratch.file("2.sock")
    let first = try LocalSocket.listen(at: path)
    #expect(!LocalSocket.isStale(path))
    #expect(throws: SystemError("listen at", path, reason: "another process listens there")) {
      try LocalSocket.listen(at: path)
    }
    // The process goes away without removing its file: the file stays, refusing connections.
    // (Shut down as well as closed: a child that another test forks in this process may hold a
    // copy of the descriptor until it execs, and a closed copy alone would keep it listening.)
    shutdown(first.descriptor, Int32(SHUT_RDWR))
    close(first.descriptor)
    #expect(Scratch.mode(path) == 0o600)
    #expect(LocalSocket.isStale(path))
    let second = try LocalSocket.listen(at: path)
    #expect(!LocalSocket.isStale(path))
    second.close()
    #expect(Scratch.mode(path) == nil)
  }

  @Test func somethingElseAtThePathIsNeverReplaced() throws {
    let scratch = try Scratch()
    Scratch.write("data", to: scratch.file("3.sock"))
    #expect(throws: SystemError.self) { try LocalSocket.listen(at: scratch.file("3.sock")) }
    #expect(Scratch.read(scratch.file("3.sock")) == "data")
    symlink(scratch.file("elsewhere"), scratch.file("4.sock"))
    #expect(throws: SystemError.self) { try LocalSocket.listen(at: scratch.file("4.sock")) }
  }

  @Test func aPathTooLongForASocketAddressIsAClearError() throws {
    let path = "/tmp/" + String(repeating: "x", count: 200) + ".sock"
    #expect(
      throws: SystemError("use the socket", path, reason: "its path is longer than 107 bytes")
    ) {
      try LocalSocket.listen(at: path)
    }
  }

  @Test func theFolderIsTheRuntimeOneOrAPrivateOneInTmp() throws {
    #expect(
      SocketFolder.path(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]) == "/run/user/7/tether")
    #expect(SocketFolder.path(environment: [:]) == "/tmp/tether-\(geteuid())")
    #expect(
      SocketFolder.path(environment: ["XDG_RUNTIME_DIR": "relative"]) == "/tmp/tether-\(geteuid())")
    let scratch = try Scratch()
    let folder = try SocketFolder.claim(environment: ["XDG_RUNTIME_DIR": scratch.path])
    #expect(folder == scratch.file("tether"))
    #expect(Scratch.mode(folder) == 0o700)
  }

  @Test func aPlantedLinkInsteadOfTheFolderIsRefused() throws {
    let scratch = try Scratch()
    mkdir(scratch.file("target"), 0o700)
    symlink(scratch.file("target"), scratch.file("tether"))
    #expect(throws: SystemError.self) {
      try SocketFolder.claim(environment: ["XDG_RUNTIME_DIR": scratch.path])
    }
  }

  @Test func listingFindsSocketsByProcessAndCleaningRemovesTheDeadOnes() throws {
    let scratch = try Scratch()
    let live = try LocalSocket.listen(at: SocketFolder.socket(of: 12, in: scratch.path))
    defer { live.close() }
    let dead = try LocalSocket.listen(at: SocketFolder.socket(of: 7, in: scratch.path))
    // A process that died left its file behind: the socket stops listening, file kept. Shut
    // down before closing, as `close()` does: a child another test forks meanwhile holds a copy
    // of the descriptor until it execs, which kept the socket listening and failed CI once.
    shutdown(dead.descriptor, Int32(SHUT_RDWR))
    close(dead.descriptor)
    Scratch.write("", to: scratch.file("notes.txt"))
    Scratch.write("", to: scratch.file("x.sock"))
    #expect(SocketFolder.sockets(in: scratch.path).map(\.process) == [7, 12])
    #expect(SocketFolder.removeStale(in: scratch.path) == [scratch.file("7.sock")])
    #expect(SocketFolder.sockets(in: scratch.path).map(\.process) == [12])
    #expect(SocketFolder.sockets(in: scratch.file("missing")).isEmpty)
  }

  @Test(
    .enabled(
      if: Scratch.isRoot && access("/usr/bin/python3", X_OK) == 0,
      "needs root and /usr/bin/python3 to connect as another user"))
  func anotherUserCannotConnectAndIsSeenAsSuchByTheKernel() throws {
    let scratch = try Scratch()
    chmod(scratch.path, 0o755)  // let nobody reach the socket itself: its mode must refuse
    let listener = try LocalSocket.listen(at: scratch.file("5.sock"))
    defer { listener.close() }
    let script = """
      import socket, sys
      s = socket.socket(socket.AF_UNIX)
      try:
          s.connect(sys.argv[1])
      except PermissionError:
          sys.exit(3)
      """
    let status = Scratch.run(
      "setpriv --reuid=65534 --regid=65534 --clear-groups /usr/bin/python3 -c '\(script)' "
        + "'\(listener.path)'")
    #expect(status == 3, "refused by the socket's mode 0600")
    #expect(try LocalSocket.accept(listener.descriptor) == nil)
  }
}

extension Scratch {
  /// Runs `command` in a shell, quietly; returns its exit status.
  static func run(_ command: String) -> Int32 {
    let status = system(command + " >/dev/null 2>&1")
    return status >> 8
  }
}
