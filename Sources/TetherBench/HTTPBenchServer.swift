import Foundation
import TetherSynchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A small, fast keep-alive HTTP/1.1 server on 127.0.0.1 for the `http` suite: every request
/// gets the same 10-post page in dummyjson's shape.
///
/// It runs in this process on its own threads (one per connection) and accounts for the CPU
/// those threads use, so the suite can subtract it from the process's CPU and report the
/// client's share alone.
final class HTTPBenchServer: Sendable {
  let port: UInt16
  private let listener: Int32
  private let response: [UInt8]
  /// The answer to a request whose `If-None-Match` names the body's tag, when it has one.
  private let notModified: (condition: [UInt8], response: [UInt8])?
  private let cpu = ServerThreadCPU()

  /// The body served: `{"posts":[10 posts],"total":251,"skip":0,"limit":10}`.
  static let body: Data = {
    let words = ["history", "american", "crime", "french", "fiction", "english", "magical"]
    let posts = (1...10).map { id -> String in
      let title = "His mother had always taught him \(id)"
      let text = String(
        repeating: "He was an expert but not in a discipline that anyone could fully comprehend. ",
        count: 3)
      let tags = (0..<3).map { "\"\(words[(id + $0) % words.count])\"" }.joined(separator: ",")
      return
        #"{"id":\#(id),"title":"\#(title)","body":"\#(text)","tags":[\#(tags)],"#
        + #""reactions":{"likes":\#(100 + id),"dislikes":\#(id)},"views":\#(300 + id),"userId":\#(120 + id)}"#
    }
    return Data(
      (#"{"posts":["# + posts.joined(separator: ",") + #"],"total":251,"skip":0,"limit":10}"#)
        .utf8)
  }()

  /// A server of `body`, tagged `entityTag` when given: a request naming the tag in its
  /// `If-None-Match` is answered `304 Not Modified`.
  init(body: Data = HTTPBenchServer.body, entityTag: String? = nil) throws {
    let tagLine = entityTag.map { "ETag: \($0)\r\n" } ?? ""
    response =
      Array(
        ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n"
          + tagLine + "Connection: keep-alive\r\n\r\n").utf8) + Array(body)
    notModified = entityTag.map { tag in
      (
        Array("If-None-Match: \(tag)\r\n".utf8),
        Array("HTTP/1.1 304 Not Modified\r\n\(tagLine)Connection: keep-alive\r\n\r\n".utf8)
      )
    }

    let (listener, port) = try Loopback.listen(backlog: 128)
    self.listener = listener
    self.port = port
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

  /// CPU seconds the server's threads have used so far.
  func cpuSeconds() -> Double { cpu.total() }

  /// Stops accepting connections; open connections end when their clients close them.
  func stop() { shutdown(listener, Int32(SHUT_RDWR)) }

  private func acceptLoop() {
    cpu.register()
    defer { cpu.retire() }
    while true {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { break }
      var yes: Int32 = 1
      setsockopt(
        connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      let thread = Thread { [self] in serve(connection) }
      thread.start()
    }
    close(listener)
  }

  /// Answers every request on `connection` until the client closes it.
  private func serve(_ connection: Int32) {
    cpu.register()
    defer {
      close(connection)
      cpu.retire()
    }
    var pending = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else { return }
      pending.append(contentsOf: buffer[..<count])
      // Requests are GETs without bodies: each ends at a blank line.
      while let end = Self.headerEnd(in: pending) {
        var answer = response
        if let notModified, Self.contains(notModified.condition, in: pending[..<end]) {
          answer = notModified.response
        }
        pending.removeFirst(end)
        guard writeAll(connection, answer) else { return }
      }
    }
  }

  private func writeAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(connection, raw.baseAddress! + offset, raw.count - offset)
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  /// Whether `needle` occurs in `head` (header names as the client sends them).
  private static func contains(_ needle: [UInt8], in head: ArraySlice<UInt8>) -> Bool {
    guard head.count >= needle.count else { return false }
    var index = head.startIndex
    while index <= head.endIndex - needle.count {
      if head[index] == needle[0], head[index..<index + needle.count].elementsEqual(needle) {
        return true
      }
      index += 1
    }
    return false
  }

  /// The index just past the first `\r\n\r\n`, if any.
  private static func headerEnd(in bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
      && bytes[index + 3] == 10
    {
      return index + 4
    }
    return nil
  }
}

/// The CPU time of a set of threads, live and finished: live threads are read through their
/// CPU clocks (`pthread_getcpuclockid`), finished ones leave their final time behind.
final class ServerThreadCPU: Sendable {
  private struct State {
    var live: [pthread_t: clockid_t] = [:]
    var retiredSeconds = 0.0
  }

  private let state = SanitizerVisibleMutex(State())

  /// Starts accounting for the calling thread.
  func register() {
    var clock = clockid_t()
    pthread_getcpuclockid(pthread_self(), &clock)
    state.withLock { $0.live[pthread_self()] = clock }
  }

  /// Stops accounting for the calling thread, keeping the time it used.
  func retire() {
    let used = Self.seconds(of: CLOCK_THREAD_CPUTIME_ID)
    state.withLock { state in
      state.live[pthread_self()] = nil
      state.retiredSeconds += used
    }
  }

  func total() -> Double {
    state.withLock { state in
      state.retiredSeconds + state.live.values.reduce(0) { $0 + Self.seconds(of: $1) }
    }
  }

  private static func seconds(of clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
