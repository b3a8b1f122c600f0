#if canImport(Glibc)
  import Glibc
#endif

/// TCP over 127.0.0.1: the sockets of the benchmarks' own clients and servers.
enum Loopback {
  /// Why a socket could not be had, with the `errno` of the call that failed.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// A socket connected to `port`.
  static func connect(to port: Int) throws(Failure) -> Int32 {
    let descriptor = try socket()
    var address = self.address(port: UInt16(port))
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      let failure = Failure(description: "connect to port \(port): errno \(errno)")
      close(descriptor)
      throw failure
    }
    return descriptor
  }

  /// A socket listening on a port the kernel picks, and that port.
  static func listen(backlog: Int32) throws(Failure) -> (descriptor: Int32, port: UInt16) {
    let descriptor = try socket()
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = self.address(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0, Glibc.listen(descriptor, backlog) == 0 else {
      let failure = Failure(description: "listen on 127.0.0.1: errno \(errno)")
      close(descriptor)
      throw failure
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }

  private static func socket() throws(Failure) -> Int32 {
    let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    return descriptor
  }

  private static func address(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(port.bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }
}
