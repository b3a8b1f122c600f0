import EndToEndSupport
import Foundation
import Glibc
import Synchronization
import Testing
import TetherCore
import TetherInspector
import TetherJSON
import TetherSystem

@testable import TetherAttach

/// What the viewer says when the process's inspector goes away: what its goodbye said until the
/// kernel says the process exited, then that it exited — never a guess at how long an exit
/// takes. The process's exit here is one the test makes happen (``ManualExit``).
@Suite(.onOwnThread) struct ProcessGoneTests {
  /// The exit of the process at the other end, made to happen by the test.
  final class ManualExit: PeerExit, Sendable {
    let process: Int32
    private let state = Mutex((exited: false, cancelled: false, waitsEnded: [Bool]()))
    private let changed = DispatchSemaphore(value: 0)

    init(process: Int32 = getpid()) {
      self.process = process
    }

    var hasExited: Bool { state.withLock { $0.exited } }

    /// What each wait returned.
    var waitsEnded: [Bool] { state.withLock { $0.waitsEnded } }

    func wait() -> Bool {
      while true {
        let ended = state.withLock { state -> Bool? in
          let ended: Bool? = state.exited ? true : state.cancelled ? false : nil
          if let ended { state.waitsEnded.append(ended) }
          return ended
        }
        if let ended { return ended }
        changed.wait()
      }
    }

    /// The process exits.
    func happen() {
      state.withLock { $0.exited = true }
      changed.signal()
    }

    func cancel() {
      state.withLock { $0.cancelled = true }
      changed.signal()
    }
  }

  /// Everything the connection said, in order.
  final class Said: Sendable {
    private let lines = Mutex([String]())
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
  }

  struct Viewer {
    let connection: InspectorConnection
    let exit: ManualExit
    let said: Said

    init(_ path: String, exit: ManualExit = ManualExit()) throws {
      let said = Said()
      connection = try InspectorConnection(
        path: path, notices: { _, _ in }, ended: { said.append($0) }, watch: { _ in exit })
      self.exit = exit
      self.said = said
      connection.start()
    }

    var status: String? { connection.source.status?.text }

    /// Once the inspector read the viewer's hello (it answers lines in order: a command of
    /// the viewer's answered after it), so that it knows to say goodbye.
    func heard() async throws {
      #expect(await eventually { connection.source.inspectableStores().count == 1 })
      let store = try #require(connection.source.inspectableStores().first)
      try await store.refetch()
    }
  }

  func inspector(_ scratch: SocketScratch) async throws -> Inspector {
    var defaults = OperationDefaults()
    defaults.warningHandler = nil
    let client = OperationClient(
      clock: TestClock(), connectivity: ManualCondition(true), defaults: defaults)
    try await client.store(for: Query<Int, any Error>(["n"]) { _ in 1 }).fetch()
    var options = InspectorOptions()
    options.folder = scratch.path + "/tether"
    options.frameInterval = .zero
    return try Inspector.start(client: client, name: "tests", options: options)
  }

  let name = "tests (\(getpid()))"

  @Test func aProcessThatSaysItIsExitingIsSaidToExitOnceItHas() async throws {
    let scratch = try SocketScratch()
    let inspector = try await inspector(scratch)
    let viewer = try Viewer(inspector.socketPath)
    defer { viewer.connection.close() }
    try await viewer.heard()
    inspector.stop(exiting: true)
    #expect(await eventually { viewer.said.all.count == 1 })
    #expect(viewer.said.all == ["\(name) is exiting"])
    #expect(viewer.status == "detached: \(name) is exiting")
    // However long the exit takes, "exited" waits for it.
    viewer.exit.happen()
    #expect(await eventually { viewer.said.all.count == 2 })
    #expect(viewer.said.all.last == "\(name) exited")
    #expect(viewer.status == "detached: \(name) exited")
  }

  @Test func aProcessThatStopsInspectingClosedTheConnectionAndItsLaterExitIsSaid() async throws {
    let scratch = try SocketScratch()
    let inspector = try await inspector(scratch)
    let viewer = try Viewer(inspector.socketPath)
    defer { viewer.connection.close() }
    try await viewer.heard()
    inspector.stop()
    #expect(await eventually { viewer.said.all.count == 1 })
    #expect(viewer.said.all == ["\(name) closed the connection"])
    viewer.exit.happen()
    #expect(await eventually { viewer.said.all.count == 2 })
    #expect(viewer.said.all.last == "\(name) exited")
  }

  @Test func aProcessGoneWhenTheConnectionEndsExited() async throws {
    let scratch = try SocketScratch()
    let inspector = try await inspector(scratch)
    let viewer = try Viewer(inspector.socketPath)
    defer { viewer.connection.close() }
    try await viewer.heard()
    viewer.exit.happen()
    inspector.stop(exiting: true)
    #expect(await eventually { !viewer.said.all.isEmpty })
    #expect(viewer.said.all == ["\(name) exited"])
    #expect(viewer.exit.waitsEnded.isEmpty, "nothing left to wait for")
  }

  @Test func closingTheViewerStopsWaitingForTheExit() async throws {
    let scratch = try SocketScratch()
    let inspector = try await inspector(scratch)
    let viewer = try Viewer(inspector.socketPath)
    try await viewer.heard()
    inspector.stop(exiting: true)
    #expect(await eventually { viewer.said.all.count == 1 })
    viewer.connection.close()
    #expect(await eventually { viewer.exit.waitsEnded == [false] })
    #expect(viewer.said.all == ["\(name) is exiting"])
  }

  /// An inspector of before the goodbye line (here, the test) only closes the connection: the
  /// viewer asks for a goodbye it does not get, and still says the exit once it came.
  @Test func anOlderInspectorClosedTheConnectionAndTheExitIsStillSaid() async throws {
    let scratch = try SocketScratch()
    let listener = try LocalSocket.listen(at: scratch.path + "/older.sock")
    defer { listener.close() }
    let viewer = try Viewer(listener.path)
    defer { viewer.connection.close() }
    var accepted: Int32?
    #expect(
      await eventually {
        accepted = try? LocalSocket.accept(listener.descriptor)
        return accepted != nil
      })
    let descriptor = try #require(accepted)
    var hello = [UInt8](repeating: 0, count: 256)
    var received: [UInt8] = []
    while !received.contains(UInt8(ascii: "\n")) {
      let count = recv(descriptor, &hello, hello.count, 0)
      guard count > 0 else { break }
      received += hello[..<count]
    }
    let viewerHello = try JSONValue(parsing: received.dropLast())
    #expect(viewerHello["goodbye"] == true, "the viewer asks for a goodbye")
    let line = #"{"type":"hello","protocol":1,"pid":\#(getpid()),"name":"older"}"# + "\n"
    _ = line.withCString { send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    #expect(await eventually { viewer.connection.source.hello != nil })
    close(descriptor)
    #expect(await eventually { viewer.said.all.count == 1 })
    #expect(viewer.said.all == ["older (\(getpid())) closed the connection"])
    viewer.exit.happen()
    #expect(await eventually { viewer.said.all.count == 2 })
    #expect(viewer.said.all.last == "older (\(getpid())) exited")
  }
}
