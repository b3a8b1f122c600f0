import Foundation
import Glibc
import TetherInspector
import TetherSystem

/// This user's inspectable processes: the sockets in `SocketFolder`, each asked who it is.
public enum InspectedProcesses {
  /// One process and its inspector.
  public struct Process: Sendable, Hashable {
    public var pid: Int32
    public var name: String
    public var storeCount: Int
    /// How long its inspector has run.
    public var uptime: TimeInterval
    public var socketPath: String
  }

  /// Every process whose inspector answers, by pid; sockets of processes that are gone are
  /// removed (`removed` lists them).
  public static func list(folder: String = SocketFolder.path()) -> (
    processes: [Process], removed: [String]
  ) {
    let removed = SocketFolder.removeStale(in: folder)
    var processes: [Process] = []
    for socket in SocketFolder.sockets(in: folder) {
      guard let hello = try? hello(at: socket.path) else { continue }
      processes.append(
        Process(
          pid: hello.pid, name: hello.name, storeCount: hello.storeCount,
          uptime: hello.date.timeIntervalSince(hello.startDate), socketPath: socket.path))
    }
    return (processes, removed)
  }

  /// The hello of the inspector at `path`.
  public static func hello(at path: String) throws(AttachError) -> InspectorHello {
    let descriptor: Int32
    do {
      descriptor = try LocalSocket.connect(to: path)
    } catch {
      throw .unreachable(path, error.reason)
    }
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var reader = LineReader(descriptor: descriptor, limit: 64 << 10)
    guard case .line(let line) = reader.next() else {
      throw .notAnInspector(path, "it sent no hello")
    }
    let message: InspectorMessage
    do {
      message = try InspectorMessage(line: line, store: { _ in nil })
    } catch {
      throw .notAnInspector(path, error.description)
    }
    guard case .hello(let hello) = message else {
      throw .notAnInspector(path, "its first line is not a hello")
    }
    return hello
  }

  /// The socket to attach to for `target`: a pid, a socket's path, a name, or nothing when
  /// exactly one process is inspectable.
  public static func socket(for target: String?, folder: String = SocketFolder.path())
    throws(AttachError)
    -> String
  {
    if let target, target.contains("/") { return target }
    if let target, let pid = Int32(target) {
      let path = SocketFolder.socket(of: pid, in: folder)
      guard access(path, F_OK) == 0, !LocalSocket.isStale(path) else { throw .noInspector(pid) }
      return path
    }
    let processes = list(folder: folder).processes
    let matching = target.map { name in processes.filter { $0.name == name } } ?? processes
    switch matching.count {
    case 1:
      return matching[0].socketPath
    case 0:
      throw .choose(
        target.map { "no inspectable process named \($0): `tether list` shows them" }
          ?? "no inspectable process of this user: start one with Inspector.start")
    default:
      let names = matching.map { "\($0.pid) \($0.name)" }.joined(separator: ", ")
      throw .choose("several processes are inspectable (\(names)): name a pid")
    }
  }
}
