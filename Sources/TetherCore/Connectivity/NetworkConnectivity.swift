import Foundation
import Synchronization
import TetherSynchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Whether the network is reachable, as the Linux kernel sees it: online when a default route
/// leaves through a link that is up and running (not the loopback). It watches the kernel's
/// links and routes over rtnetlink — the same notifications `ip monitor` prints — so it
/// follows a cable pulled, Wi-Fi lost or a VPN dropping its route within milliseconds, and it
/// never pings a host.
///
/// It is the default connectivity of every ``OperationContext``; monitoring starts the first
/// time it is asked, on one thread for the whole process. Where netlink is unavailable (not
/// Linux, or a sandbox without it), it says online, so nothing waits for a network it cannot
/// see. Tests use a ``ManualCondition`` instead.
public final class NetworkConnectivity: RunCondition {
  /// The process's monitor.
  public static let shared = NetworkConnectivity()

  private let listeners = Listeners<Bool>()
  // Read before every run of an operation in the `.online` network mode: atomics, not a lock.
  private let online = Atomic(true)
  private let started = Atomic(false)

  private init() {}

  public var trigger: RunTrigger { .reconnect }

  /// Whether the network is reachable now.
  public var isOnline: Bool {
    startIfNeeded()
    return online.load(ordering: .acquiring)
  }

  public func isSatisfied(in context: OperationContext) -> Bool { isOnline }

  public func subscribe(
    in context: OperationContext,
    onChange: @escaping @Sendable (Bool) -> Void
  ) -> OperationSubscription {
    startIfNeeded()
    return listeners.subscribe(onChange)
  }

  private func startIfNeeded() {
    guard !started.load(ordering: .acquiring),
      !started.exchange(true, ordering: .acquiringAndReleasing)
    else { return }
    #if os(Linux)
      guard let monitor = NetlinkMonitor() else { return }
      update(monitor.table.isOnline)
      let thread = Thread { [self] in
        monitor.watch { isOnline in self.update(isOnline) }
      }
      thread.name = "TetherCore connectivity"
      thread.start()
    #endif
  }

  private func update(_ isOnline: Bool) {
    guard online.exchange(isOnline, ordering: .acquiringAndReleasing) != isOnline else { return }
    listeners.notify(isOnline)
  }
}

#if os(Linux)
  /// An rtnetlink socket subscribed to link and route changes, with the table they build.
  private final class NetlinkMonitor: @unchecked Sendable {
    // Used only by the thread that created it until `watch` starts, then by the watching
    // thread alone.
    private let socket: Int32
    private(set) var table = NetlinkRouteTable()
    private var sequence: UInt32 = 0
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    init?() {
      let descriptor = Glibc.socket(
        AF_NETLINK, Int32(SOCK_RAW.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard descriptor >= 0 else { return nil }
      var address = NetlinkAddress(
        family: UInt16(AF_NETLINK), padding: 0, processID: 0,
        groups: Netlink.linkGroup | Netlink.ipv4RouteGroup | Netlink.ipv6RouteGroup)
      let bound = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<NetlinkAddress>.size))
        }
      }
      guard bound == 0 else {
        close(descriptor)
        return nil
      }
      socket = descriptor
      guard dumpAll() else {
        close(descriptor)
        return nil
      }
    }

    /// Reads the whole link and route tables.
    private func dumpAll() -> Bool {
      table = NetlinkRouteTable()
      return dump(Netlink.getLink, bodySize: 16) && dump(Netlink.getRoute, bodySize: 12)
    }

    private func dump(_ type: UInt16, bodySize: Int) -> Bool {
      sequence &+= 1
      let request = Netlink.dumpRequest(type: type, bodySize: bodySize, sequence: sequence)
      let sent = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
      guard sent == request.count else { return false }
      while true {
        guard let bytes = receive() else { return false }
        if table.apply(bytes) { return true }
      }
    }

    private func receive() -> [UInt8]? {
      while true {
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count > 0 { return Array(buffer[..<count]) }
        if count < 0 && errno == EINTR { continue }
        return nil
      }
    }

    /// Follows every change for the rest of the process, calling `report` with the
    /// connectivity after each batch of messages.
    func watch(_ report: (Bool) -> Void) {
      while true {
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count > 0 {
          table.apply(Array(buffer[..<count]))
        } else if count < 0 && errno == ENOBUFS {
          // The kernel dropped notifications: read the tables afresh.
          guard dumpAll() else { return report(true) }
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          return report(true)
        }
        report(table.isOnline)
      }
    }
  }

  /// `struct sockaddr_nl`.
  private struct NetlinkAddress {
    var family: UInt16
    var padding: UInt16
    var processID: UInt32
    var groups: UInt32
  }
#endif
