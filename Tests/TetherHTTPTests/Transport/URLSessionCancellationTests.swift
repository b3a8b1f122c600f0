import EndToEndSupport
import Foundation
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
    // A deadlock freezes the threads that would report it, so a plain thread watches: past
    // the bound the process ends with a message instead of hanging the test run.
    let watchdog = Watchdog(
      seconds: 60, message: "URLSessionTransport deadlocked on a cancellation (#5412)")
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

/// Ends the process when not disarmed within `seconds`, from a thread of its own.
final class Watchdog: Sendable {
  private let disarmed = DispatchSemaphore(value: 0)

  init(seconds: Int, message: String) {
    let disarmed = disarmed
    Thread {
      if disarmed.wait(timeout: .now() + .seconds(seconds)) == .timedOut {
        FileHandle.standardError.write(Data("watchdog: \(message)\n".utf8))
        exit(70)
      }
    }.start()
  }

  func disarm() { disarmed.signal() }
}
