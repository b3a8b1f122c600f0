import Glibc

/// The listening TCP socket (IPv4).
struct Listener {
  let descriptor: Int32
  /// The bound port: the requested one, or the one the kernel chose for port 0.
  let port: Int

  /// Binds `host` (an IPv4 address, or `localhost`) and `port` and starts listening.
  init(host: String, port: Int) throws(PostsServerError) {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    guard (0...65535).contains(port) else {
      throw PostsServerError("port \(port) is not 0...65535")
    }
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    guard let hostAddress = Self.address(of: host) else {
      throw PostsServerError("host '\(host)' is not an IPv4 address")
    }
    address.sin_addr = hostAddress
    let descriptor = socket(
      AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
    guard descriptor >= 0 else { throw .system("socket", errno: errno) }
    var on: Int32 = 1
    _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, SOMAXCONN) == 0 else {
      let code = errno
      _ = Glibc.close(descriptor)
      throw PostsServerError(
        "cannot listen on \(host):\(port): \(String(cString: strerror(code)))")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    self.descriptor = descriptor
    self.port = Int(UInt16(bigEndian: address.sin_port))
  }

  /// The IPv4 address `host` names (dotted decimal, or `localhost`), or `nil`.
  static func address(of host: String) -> in_addr? {
    var address = in_addr()
    let numericHost = host == "localhost" ? "127.0.0.1" : host
    return inet_pton(AF_INET, numericHost, &address) == 1 ? address : nil
  }

  /// Accepts a pending connection; `nil` when there is none or accepting failed (see `errno`).
  func accept() -> Int32? {
    let client = Glibc.accept(descriptor, nil, nil)
    return client >= 0 ? client : nil
  }

  /// Stops listening, then closes. Shutting the socket down first frees the port even while a
  /// child forked by another thread of this process (between its fork and its exec) still holds a
  /// copy of the descriptor.
  func close() {
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
    _ = Glibc.close(descriptor)
  }
}
