import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A slowloris attack on one thread: `count` connections that each send a partial request line
/// and then one byte every `interval`; a connection the server cuts off is opened again at
/// once, so `count` are always connected or reconnecting.
final class SlowClientAttack: Sendable {
  private let port: Int
  private let count: Int
  private let interval: Duration
  private let stopping = Atomic<Bool>(false)
  private let finished = Atomic<Bool>(false)
  /// How many times a connection had to be opened again after the server closed it.
  let reconnections = Atomic<Int>(0)
  /// Connections open at the moment.
  let connected = Atomic<Int>(0)

  init(port: Int, count: Int, interval: Duration) {
    self.port = port
    self.count = count
    self.interval = interval
  }

  /// Opens the connections, then trickles bytes on its own thread until `stop()`.
  func start() {
    Thread.detachNewThread { [self] in
      var sockets = (0..<count).map { _ in open() }
      let pause = useconds_t(
        max(1, Int(interval.components.seconds * 1_000_000) / max(count, 1)))
      var index = 0
      while !stopping.load(ordering: .relaxed) {
        var byte = UInt8(ascii: "a")
        if sockets[index] < 0 || send(sockets[index], &byte, 1, Int32(MSG_NOSIGNAL)) != 1 {
          if sockets[index] >= 0 {
            close(sockets[index])
            connected.subtract(1, ordering: .relaxed)
          }
          sockets[index] = open()
          reconnections.add(1, ordering: .relaxed)
        }
        index = (index + 1) % count
        usleep(pause)
      }
      for socket in sockets where socket >= 0 { close(socket) }
      connected.store(0, ordering: .relaxed)
      finished.store(true, ordering: .releasing)
    }
  }

  func stop() {
    stopping.store(true, ordering: .relaxed)
    while !finished.load(ordering: .acquiring) { usleep(1000) }
  }

  /// A connected socket that has sent the start of a request, or -1.
  private func open() -> Int32 {
    guard let descriptor = try? Loopback.connect(to: port) else { return -1 }
    let start = Array("GET /posts/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".utf8)
    guard
      start.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
        == start.count
    else {
      close(descriptor)
      return -1
    }
    connected.add(1, ordering: .relaxed)
    return descriptor
  }
}

/// Latencies of one client's sequential keep-alive requests, with when each started.
struct LatencySample {
  var requests: [(startedAfter: Duration, latency: Duration)]
  var failures: Int

  var latencies: [Duration] { requests.map(\.latency) }

  func percentile(_ share: Double) -> Duration {
    let sorted = latencies.sorted()
    guard !sorted.isEmpty else { return .zero }
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))]
  }

  var maximum: Duration { latencies.max() ?? .zero }

  /// The requests started `offset` or later.
  func from(_ offset: Duration) -> LatencySample {
    LatencySample(requests: requests.filter { $0.startedAfter >= offset }, failures: failures)
  }

  /// Requests `GET path` one after another for `duration`; a failed request counts and the
  /// client reconnects.
  @concurrent
  static func measure(port: Int, path: String, for duration: Duration) async -> LatencySample {
    var sample = LatencySample(requests: [], failures: 0)
    var client = try? KeepAliveClient(port: port)
    let begin = ContinuousClock.now
    let end = begin + duration
    while ContinuousClock.now < end {
      let start = ContinuousClock.now
      do {
        if client == nil { client = try KeepAliveClient(port: port) }
        _ = try client!.get(path)
        sample.requests.append((begin.duration(to: start), start.duration(to: .now)))
      } catch {
        sample.failures += 1
        client = nil
      }
    }
    return sample
  }
}
