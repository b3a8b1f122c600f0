import EndToEndSupport
import Foundation
import Synchronization
import Testing

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// swift-corelibs-foundation #5412: `URLSession.data(for:)` deadlocks when the task awaiting it
/// is cancelled while URLSession's queue completes it. URLSessionTransport must survive many
/// cancellations racing responses and refused connections.
@Suite("URLSessionTransport cancellation")
struct URLSessionCancellationTests {
  @Test("2,000 cancellations racing responses and refusals never deadlock")
  func cancellationsRacingCompletions() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let refused = try ReservedPort()
    defer { refused.release() }
    let transport = URLSessionTransport(configuration: .ephemeral)
    let requests = [
      URLRequest(url: URL(string: server.url.absoluteString + "/posts/1")!),
      URLRequest(url: URL(string: refused.url.absoluteString + "/posts/1")!),
    ]
    // A deadlock freezes the threads that would report it, so a plain thread watches: when no
    // request finishes for 3 minutes the process ends with a message instead of hanging the
    // test run. (It watches progress, not the total, and waits long: alone the 2,000 requests
    // take 2 s even under the thread sanitizer, but in a sanitized full run other tests'
    // blocking calls can hold the cooperative pool, and with it every worker, for over a
    // minute.)
    let watchdog = Watchdog(
      seconds: 180, message: "URLSessionTransport deadlocked on a cancellation (#5412)")
    defer { watchdog.disarm() }
    let outcomes = await withTaskGroup(of: Int.self) { group in
      for worker in 0..<8 {
        group.addTask {
          var completed = 0
          for round in 0..<250 {
            let request = requests[(worker + round) % 2]
            let task = Task { try await transport.send(request) }
            // Cancel at a different moment each round: before, during and after completion.
            for _ in 0..<(round % 16) { await Task.yield() }
            task.cancel()
            _ = await task.result
            watchdog.progressed()
            completed += 1
          }
          return completed
        }
      }
      return await group.reduce(0, +)
    }
    #expect(outcomes == 2_000)
    // The transport still works afterwards.
    #expect(try await transport.send(requests[0]).statusCode == 200)
  }
}

/// Ends the process when neither disarmed nor told of progress for `seconds`, from a thread of
/// its own.
final class Watchdog: Sendable {
  private let progress = Atomic<Int>(0)
  private let isDisarmed = Atomic<Bool>(false)

  init(seconds: Int, message: String) {
    let watched = self
    Thread {
      var seen = -1
      var quietSince = ContinuousClock.now
      while !watched.isDisarmed.load(ordering: .acquiring) {
        let now = watched.progress.load(ordering: .relaxed)
        if now != seen {
          seen = now
          quietSince = .now
        } else if ContinuousClock.now - quietSince > .seconds(seconds) {
          FileHandle.standardError.write(Data("watchdog: \(message)\n".utf8))
          exit(70)
        }
        usleep(200_000)
      }
    }.start()
  }

  /// Something finished: the quiet period starts again.
  func progressed() { progress.add(1, ordering: .relaxed) }

  func disarm() { isDisarmed.store(true, ordering: .releasing) }
}
