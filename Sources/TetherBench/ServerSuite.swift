import Foundation
import PostsService
import Synchronization
import TetherSynchronization

#if canImport(Glibc)
  import Glibc
#endif

/// `tether-bench server`: requests per second for `GET /posts?limit=10` over loopback with
/// keep-alive, from 1 and 16 concurrent clients, against the in-process `PostsServer` and, as the
/// baseline, against Python's `http.server` serving a file with the same body.
///
/// Both servers get the same small raw-socket client (one OS thread per connection, blocking
/// I/O), so neither side is measured through a different client. Python's server is made fair:
/// HTTP/1.1 (it defaults to HTTP/1.0, one connection per request), `ThreadingHTTPServer`, no
/// per-request logging, and Nagle's algorithm off (it writes headers and body separately, which
/// otherwise stalls on delayed ACKs).
enum ServerSuite {
  static let path = "/posts?limit=10"

  static func run() async throws {
    Harness.heading("server: GET \(path), keep-alive over loopback")
    let server = try PostsServer.start()
    let body = try KeepAliveClient(port: server.port).get(path)
    let python = try PythonFileServer(serving: body, at: "posts")
    defer { python.stop() }
    Harness.line("response body", "\(body.count) bytes from both servers")

    for (clients, requestsPerClient) in [(1, 4000), (16, 1000)] {
      let ours = try await measure(port: server.port, clients: clients, requests: requestsPerClient)
      let baseline = try await measure(
        port: python.port, clients: clients, requests: requestsPerClient)
      Harness.compare(
        "PostsServer, \(clients) client\(clients == 1 ? "" : "s")", ours,
        baseline: "python3 http.server", baseline)
      Harness.line(
        "  requests/s",
        String(
          format: "%.0f vs %.0f python: %.2f× python", ours.iterationsPerSecond,
          baseline.iterationsPerSecond, ours.iterationsPerSecond / baseline.iterationsPerSecond))
    }
    await server.shutdown()
  }

  /// The best of three runs of `clients` keep-alive connections making `requests` each.
  @concurrent
  private static func measure(port: Int, clients: Int, requests: Int) async throws
    -> Harness.Sample
  {
    // Warm-up: connection set-up, thread stacks and the server's first requests.
    try await runClients(port: port, clients: clients, requests: requests / 10)
    return try await Harness.best(of: 3, iterations: clients * requests) {
      try await runClients(port: port, clients: clients, requests: requests)
    }
  }

  /// Runs `clients` threads, each sending `requests` sequential requests on its own keep-alive
  /// connection, and returns when all are done; throws the first failure.
  private static func runClients(port: Int, clients: Int, requests: Int) async throws {
    let failure = SanitizerVisibleMutex<(any Error)?>(nil)
    let remaining = Atomic<Int>(clients)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      let done = SanitizerVisibleMutex<CheckedContinuation<Void, Never>?>(done)
      for _ in 0..<clients {
        Thread.detachNewThread {
          do {
            let client = try KeepAliveClient(port: port)
            for _ in 0..<requests {
              _ = try client.get(path)
            }
          } catch {
            failure.withLock { $0 = $0 ?? error }
          }
          if remaining.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            done.withLock { $0.take() }?.resume()
          }
        }
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
  }
}

/// A minimal blocking HTTP/1.1 keep-alive client: one connection, one request at a time,
/// `Content-Length` responses only. Reuses one buffer so it costs little next to the server.
private final class KeepAliveClient {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private let descriptor: Int32
  private var buffer = [UInt8](repeating: 0, count: 256 * 1024)
  /// Bytes in `buffer[start..<end]` are received but not yet consumed.
  private var start = 0
  private var end = 0

  init(port: Int) throws {
    descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    var on: Int32 = 1
    setsockopt(
      descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard result == 0 else {
      close(descriptor)
      throw Failure(description: "connect to port \(port): errno \(errno)")
    }
  }

  deinit {
    close(descriptor)
  }

  /// Sends `GET path` and returns the response body; throws unless the status is 200.
  func get(_ path: String) throws -> [UInt8] {
    moveUnconsumedBytesToFront()
    let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
    let sent = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
    guard sent == request.count else { throw Failure(description: "send: errno \(errno)") }

    var scanned = 0
    var headEnd = findHeadEnd(from: &scanned)
    while headEnd == nil {
      try receive()
      headEnd = findHeadEnd(from: &scanned)
    }
    let bodyStart = headEnd!
    let (status, length) = try parseHead(upTo: bodyStart)
    while end - bodyStart < length { try receive() }
    guard status == 200 else { throw Failure(description: "status \(status)") }
    start = bodyStart + length
    return Array(buffer[bodyStart..<start])
  }

  private func moveUnconsumedBytesToFront() {
    if start > 0 {
      buffer.withUnsafeMutableBytes { bytes in
        bytes.baseAddress!.copyMemory(from: bytes.baseAddress! + start, byteCount: end - start)
      }
      end -= start
      start = 0
    }
  }

  /// Appends what arrives to `buffer[end...]`.
  private func receive() throws {
    guard end < buffer.count else { throw Failure(description: "response too large") }
    let count = buffer.withUnsafeMutableBytes {
      recv(descriptor, $0.baseAddress! + end, $0.count - end, 0)
    }
    guard count > 0 else { throw Failure(description: "connection closed (recv \(count))") }
    end += count
  }

  private func findHeadEnd(from scanned: inout Int) -> Int? {
    while scanned + 3 < end {
      if buffer[scanned] == 13, buffer[scanned + 1] == 10, buffer[scanned + 2] == 13,
        buffer[scanned + 3] == 10
      {
        return scanned + 4
      }
      scanned += 1
    }
    return nil
  }

  /// The status and `Content-Length` of the head in `buffer[start..<headEnd]`.
  private func parseHead(upTo headEnd: Int) throws -> (status: Int, length: Int) {
    let head = String(decoding: buffer[start..<headEnd], as: UTF8.self)
    let lines = head.split(separator: "\r\n")
    guard let statusLine = lines.first, statusLine.count >= 12,
      let status = Int(statusLine.dropFirst(9).prefix(3))
    else { throw Failure(description: "bad status line") }
    for line in lines.dropFirst() where line.lowercased().hasPrefix("content-length:") {
      if let length = Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) {
        return (status, length)
      }
    }
    throw Failure(description: "no Content-Length")
  }
}

/// `python3` serving one file from a temporary directory with `http.server`, made comparable
/// (see `ServerSuite`). Stop it with `stop()`.
private final class PythonFileServer {
  let port: Int
  private let process = Process()
  private let input = Pipe()
  private let directory: URL

  // The spawning thread's blocked signal mask is inherited, so SIGTERM is unblocked explicitly;
  // the server also exits when its standard input closes, so it never outlives the benchmark.
  private static let script = """
    import functools, http.server, os, signal, sys, threading
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    class Handler(http.server.SimpleHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  init(serving body: [UInt8], at name: String) throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("tether-bench-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data(body).write(to: directory.appendingPathComponent(name))

    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.script, directory.path]
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else {
        throw KeepAliveClient.Failure(description: "python3 http.server did not start")
      }
      line.append(chunk)
    }
    guard
      let port = Int(
        String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw KeepAliveClient.Failure(description: "python3 printed no port") }
    self.port = port
  }

  func stop() {
    try? input.fileHandleForWriting.close()
    process.terminate()
    process.waitUntilExit()
    try? FileManager.default.removeItem(at: directory)
  }
}
