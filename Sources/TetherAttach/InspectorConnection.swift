import Foundation
import Glibc
import TetherCore
import TetherDevtools
import TetherInspector
import TetherJSON
import TetherSynchronization
import TetherSystem

/// A connection to a process's inspector: reads its lines on a thread of its own, hands each
/// to `onLine` (raw, for a recording) and to the ``RemoteSource`` it feeds, sends commands and
/// resolves their results. When the process goes away, the source says so and keeps its last
/// state.
public final class InspectorConnection: Sendable {
  /// The socket's path.
  public let path: String
  /// The stores and requests the process sent.
  public let source: RemoteSource
  /// The faults the process injects, set from here (the devtools' faults dialog).
  public let faults: RemoteFaults
  /// The next failures of each store, set from here (the devtools' "fail next").
  public let storeFaults: RemoteStoreFaults
  private let channel: CommandChannel
  private let ended: @Sendable (String) -> Void
  /// The exit of the process at the other end (from `SO_PEERCRED`), when the kernel can tell:
  /// what makes the viewer say "exited" only once it is true.
  private let peerExit: (any PeerExit)?

  /// Connects to the inspector at `path`.
  ///
  /// - Parameters:
  ///   - path: the inspector's socket, as ``InspectedProcesses`` lists it.
  ///   - notices: failures of commands sent without waiting, and errors the process reports.
  ///   - ended: the connection ended, and later the process exited; the text says what
  ///     happened (`posts-watch (1234) closed the connection`, `… is exiting`, `… exited`).
  /// - Throws: ``AttachError`` when nothing answers there.
  public convenience init(
    path: String, notices: @escaping @Sendable (String, Bool) -> Void = { _, _ in },
    ended: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(AttachError) {
    try self.init(path: path, notices: notices, ended: ended) { process in
      // This very process (an app attached to itself, a test) outlives its connections.
      process == getpid() ? nil : try? ProcessExit(of: process)
    }
  }

  /// Connects to the inspector at `path`; `watch` gives the exit of the process at the
  /// other end, nil when it cannot be watched (tests give one they end by hand).
  init(
    path: String, notices: @escaping @Sendable (String, Bool) -> Void,
    ended: @escaping @Sendable (String) -> Void, watch: (Int32) -> (any PeerExit)?
  ) throws(AttachError) {
    self.path = path
    self.ended = ended
    let descriptor: Int32
    do {
      descriptor = try LocalSocket.connect(to: path)
    } catch {
      throw AttachError.unreachable(path, "\(error.reason)")
    }
    let peer = try? LocalSocket.peer(of: descriptor).process
    peerExit = peer.flatMap(watch)
    channel = CommandChannel(descriptor: descriptor, notices: notices)
    source = RemoteSource(commands: channel)
    let state = RemoteFaultsState()
    faults = RemoteFaults(state, commands: channel)
    storeFaults = RemoteStoreFaults(state, commands: channel)
    channel.faults = state
    channel.write(InspectorProtocol.viewerHello)
  }

  deinit {
    close()
  }

  /// Starts reading: `onLine` gets every line as it came (before it is applied).
  public func start(onLine: (@Sendable ([UInt8]) -> Void)? = nil) {
    // Not `self`: the thread may wait for the process's exit after the connection ended,
    // until the connection is closed — by `close()` or by letting it go.
    let (channel, source, ended, peerExit) = (channel, source, ended, peerExit)
    let thread = Thread {
      Self.read(
        channel: channel, source: source, peerExit: peerExit, onLine: onLine, ended: ended)
    }
    thread.name = "tether-attach"
    thread.start()
  }

  /// Ends the connection; waiting commands fail, and the process's exit is no longer awaited.
  public func close() {
    channel.close()
    peerExit?.cancel()
  }

  private static func read(
    channel: CommandChannel, source: RemoteSource, peerExit: (any PeerExit)?,
    onLine: (@Sendable ([UInt8]) -> Void)?, ended: @Sendable (String) -> Void
  ) {
    var reader = LineReader(
      descriptor: channel.descriptor, limit: InspectorProtocol.messageLineLimit)
    var why = "the connection closed"
    // What the process's goodbye said: whether it is exiting.
    var goodbye: Bool?
    reading: while true {
      switch reader.next() {
      case .line(let line):
        onLine?(line)
        do {
          let message = try InspectorMessage(line: line) { source.store($0) }
          if case .goodbye(let exiting) = message { goodbye = exiting }
          channel.received(message)
          source.apply(message)
        } catch {
          why = "\(error)"
          break reading
        }
      case .end:
        break reading
      case .failure(let reason):
        why = reason
        break reading
      }
    }
    channel.close()
    channel.release()
    func report(_ why: String) {
      source.setStatus(StoreSourceStatus(text: "detached: \(why)", isDetached: true))
      ended(why)
    }
    guard let hello = source.hello else { return report(why) }
    let name = "\(hello.name) (\(hello.pid))"
    // What the process is doing is the kernel's word (its pidfd), never a guess at how long
    // an exit takes: "exited" once it is gone; until then what its goodbye said, or that it
    // closed the connection (or why the connection ended). The exit is awaited after that,
    // until the connection is closed, and said when it comes.
    let exit = peerExit.flatMap { $0.process == hello.pid ? $0 : nil }
    if exit?.hasExited ?? (kill(hello.pid, 0) != 0 && errno == ESRCH) {
      return report("\(name) exited")
    }
    switch goodbye {
    case true?: report("\(name) is exiting")
    case false?: report("\(name) closed the connection")
    case nil:
      report("\(name) \(why == "the connection closed" ? "closed the connection" : why)")
    }
    if exit?.wait() == true { report("\(name) exited") }
  }
}

/// The exit of the process a viewer is connected to; ``ProcessExit`` in a real connection.
protocol PeerExit: Sendable {
  /// The process watched.
  var process: Int32 { get }
  /// Whether it has exited, now.
  var hasExited: Bool { get }
  /// Waits until it exits (true) or ``cancel()`` is called (false).
  func wait() -> Bool
  /// Ends every wait, now and later.
  func cancel()
}

extension ProcessExit: PeerExit {}

/// The sending half of a connection: commands out, their results matched back.
///
/// A command is written on the caller's thread, at once and in call order — a viewer that
/// takes the process offline and back sends the two in that order, and no command waits for
/// a task to be scheduled before it leaves. Its result comes back on the reading thread.
final class CommandChannel: RemoteCommands {
  /// What to do with a command's result.
  typealias Completion = @Sendable ((ok: Bool, message: String)) -> Void

  private struct Storage {
    var nextCommand = 1
    var waiting: [Int: Completion] = [:]
    var isClosed = false
    var isReleased = false
    var faults: RemoteFaultsState?
  }

  let descriptor: Int32
  private let storage = SanitizerVisibleMutex(Storage())
  private let writing = SanitizerVisibleMutex(())
  private let notices: @Sendable (String, Bool) -> Void

  init(descriptor: Int32, notices: @escaping @Sendable (String, Bool) -> Void) {
    self.descriptor = descriptor
    self.notices = notices
  }

  /// Where the process's faults state goes as it comes.
  var faults: RemoteFaultsState? {
    get { storage.withLock { $0.faults } }
    set { storage.withLock { $0.faults = newValue } }
  }

  deinit {
    release()
  }

  /// Resolves the result of a command; reports an error.
  func received(_ message: InspectorMessage) {
    switch message {
    case .result(let id, let ok, let text):
      let completion = storage.withLock { $0.waiting.removeValue(forKey: id) }
      completion?((ok, text))
    case .error(let text):
      notices(text, true)
    case .hello(let hello):
      faults?.named("\(hello.name) (\(hello.pid))")
    case .faults(let state):
      faults?.received(state)
    default:
      break
    }
  }

  func perform(_ command: InspectorCommand, path: OperationPath, isMutation: Bool) async
    -> (ok: Bool, message: String)
  {
    await perform { id in
      InspectorRequest(id: id, command: command, path: path, isMutation: isMutation)
    }
  }

  /// Sends the request `make` builds with its number, and waits for its result.
  func perform(_ make: (Int) -> InspectorRequest) async -> (ok: Bool, message: String) {
    await withCheckedContinuation { continuation in
      submit(make) { continuation.resume(returning: $0) }
    }
  }

  /// Sends the request `make` builds without waiting; a failed result is reported, then
  /// `failed` runs.
  func send(
    _ make: (Int) -> InspectorRequest,
    failed: @escaping @Sendable () -> Void = {}
  ) {
    let notices = notices
    submit(make) { result in
      guard !result.ok else { return }
      failed()
      notices(result.message, true)
    }
  }

  func send(_ command: InspectorCommand, path: OperationPath, isMutation: Bool) {
    send { id in InspectorRequest(id: id, command: command, path: path, isMutation: isMutation) }
  }

  func setValue(_ value: JSONValue, path: OperationPath) {
    send { id in InspectorRequest(id: id, command: .setValue, path: path, value: value) }
  }

  /// Numbers the request `make` builds, writes it now, and hands its result to `completion`
  /// when it comes (at once, failed, when the connection is closed).
  private func submit(_ make: (Int) -> InspectorRequest, completion: @escaping Completion) {
    let id = storage.withLock { storage -> Int? in
      guard !storage.isClosed else { return nil }
      let id = storage.nextCommand
      storage.nextCommand += 1
      storage.waiting[id] = completion
      return id
    }
    guard let id else {
      completion((false, "detached: the process is gone"))
      return
    }
    write(InspectorProtocol.line(make(id).json))
  }

  func write(_ bytes: [UInt8]) {
    writing.withLock { _ in
      var offset = 0
      while offset < bytes.count {
        let written = bytes.withUnsafeBytes {
          Glibc.send(
            descriptor, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
        }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }

  /// Stops the connection both ways (the reading thread sees its end); waiting commands fail.
  func close() {
    let waiting = storage.withLock { storage -> [Completion] in
      guard !storage.isClosed else { return [] }
      storage.isClosed = true
      shutdown(descriptor, Int32(SHUT_RDWR))
      defer { storage.waiting.removeAll() }
      return Array(storage.waiting.values)
    }
    for completion in waiting { completion((false, "detached")) }
  }

  /// Closes the descriptor, once, after the reading thread is done with it.
  func release() {
    let release = storage.withLock { storage -> Bool in
      defer { storage.isReleased = true }
      return !storage.isReleased
    }
    if release { Glibc.close(descriptor) }
  }
}

/// Why `tether attach` cannot show a process.
public enum AttachError: Error, Sendable, CustomStringConvertible {
  /// Nothing answers at the socket.
  case unreachable(String, String)
  /// No inspector socket for the process.
  case noInspector(Int32)
  /// No process, or several, and none named.
  case choose(String)
  /// What was received is not the protocol.
  case notAnInspector(String, String)

  public var description: String {
    switch self {
    case .unreachable(let path, let reason): "cannot reach \(path): \(reason)"
    case .noInspector(let pid):
      "no Tether inspector for pid \(pid): is it started with Inspector.start?"
    case .choose(let text): text
    case .notAnInspector(let path, let reason): "\(path) is not a Tether inspector: \(reason)"
    }
  }
}
