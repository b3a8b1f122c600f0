import Foundation
import Glibc
import TetherCore
import TetherDiagnostics
import TetherSynchronization
import TetherSystem

/// Makes a process's stores, runs and requests browsable from another terminal: `tether
/// attach` shows the devtools on them, live; `tether record` saves what they do.
///
/// It listens on a Unix-domain socket of this user's alone (`$XDG_RUNTIME_DIR/tether/<pid>.sock`,
/// or `/tmp/tether-<uid>/<pid>.sock`; 0600 in a 0700 folder; a connection from another user is
/// closed unanswered), never TCP. With no viewer attached it costs nothing: it does not even
/// watch the client.
///
/// ```swift
/// let inspector = try Inspector.start(client: client, name: "posts-watch")
/// // …
/// inspector.stop(exiting: true)   // also on deinit and at exit: the socket is removed
/// ```
public final class Inspector: Sendable {
  /// What `tether list` shows for the process.
  public let name: String
  /// The socket viewers connect to.
  public let socketPath: String
  /// Requests to show in viewers' network log: the app's own log (the one its devtools show),
  /// fed by `TetherDiagnosticsHTTP`'s `NetworkLogObserver`.
  public let network: NetworkLog
  private let server: InspectorServer

  private init(name: String, socketPath: String, network: NetworkLog, server: InspectorServer) {
    self.name = name
    self.socketPath = socketPath
    self.network = network
    self.server = server
  }

  /// Starts inspecting `client` under `name`.
  ///
  /// - Parameters:
  ///   - client: the client whose stores viewers see and act on.
  ///   - name: what `tether list` and the viewer's status bar call the process.
  ///   - network: the requests viewers see in their network log.
  ///   - faults: what applies the faults a viewer's faults dialog sets (an embedded test
  ///     server, or `TetherDiagnosticsHTTP`'s `ClientFaultInjector`); nil refuses them.
  ///   - storeFaults: what fails the next requests of one store for a viewer's "fail next";
  ///     nil refuses it.
  ///   - options: how viewers are served (batches, limits, the socket's folder).
  ///   - onViewerChange: called on the inspector's thread once a viewer changed what the
  ///     process may show outside its stores — its faults, a store's next failures, the mocked
  ///     offline mode — before the viewer is answered: a terminal app posts a message to its
  ///     inbox there, so that its status bar shows the change at once.
  /// - Throws: `SystemError` when the socket folder is not safe to use (another user's, a
  ///   link) or the socket cannot be made.
  public static func start(
    client: OperationClient, name: String, network: NetworkLog = NetworkLog(),
    faults: (any FaultTarget)? = nil, storeFaults: (any StoreFaultTarget)? = nil,
    options: InspectorOptions = InspectorOptions(),
    onViewerChange: (@Sendable () -> Void)? = nil
  ) throws(SystemError) -> Inspector {
    let folder = options.folder ?? SocketFolder.path()
    try PrivateDirectory.claim(folder)
    let path = SocketFolder.socket(of: getpid(), in: folder)
    // One socket per process and folder: a second inspector is refused in words.
    guard !LiveInspectors.shared.listens(at: path) else {
      throw SystemError(
        "listen at", path, reason: "this process has an inspector there already: stop it first")
    }
    let listener = try LocalSocket.listen(at: path)
    let server = try InspectorServer(
      client: client, name: name, network: network, faults: faults, storeFaults: storeFaults,
      listener: listener, options: options, onViewerChange: onViewerChange)
    let inspector = Inspector(name: name, socketPath: path, network: network, server: server)
    LiveInspectors.shared.add(server)
    server.start()
    return inspector
  }

  /// How many viewers are attached now.
  public var viewerCount: Int { server.viewerCount }

  /// Stops listening, says goodbye to every viewer and closes its connection, and removes the
  /// socket. Idempotent.
  ///
  /// - Parameter exiting: whether the process is about to exit. The goodbye says so, and a
  ///   viewer says the process is exiting, then that it exited once the kernel says it is
  ///   gone; otherwise it says the process closed the connection. A process that exits
  ///   without stopping its inspector (or is killed) is seen to exit all the same, without the
  ///   word in between.
  public func stop(exiting: Bool = false) {
    server.stop(exiting: exiting)
    LiveInspectors.shared.remove(server)
  }

  deinit {
    stop()
  }
}

/// The inspectors running, so that their sockets are removed when the process exits.
final class LiveInspectors: Sendable {
  static let shared = LiveInspectors()
  private let servers = SanitizerVisibleMutex([ObjectIdentifier: InspectorServer]())

  private init() {
    atexit {
      for server in LiveInspectors.shared.servers.withLock({ Array($0.values) }) {
        server.removeSocket()
      }
    }
  }

  func add(_ server: InspectorServer) {
    servers.withLock { $0[ObjectIdentifier(server)] = server }
  }

  /// Whether a running inspector of this process listens at `path`.
  func listens(at path: String) -> Bool {
    servers.withLock { $0.values.contains { $0.listener.path == path } }
  }

  func remove(_ server: InspectorServer) {
    _ = servers.withLock { $0.removeValue(forKey: ObjectIdentifier(server)) }
  }
}
