import Foundation
import Glibc
import Synchronization
import TetherAttach
import TetherCommandLine
import TetherSystem
import TetherTerminal

/// `tether record`: every line a process's inspector sends, stamped, to a new file.
enum RecordCommand {
  static func run(_ options: RecordOptions) async {
    guard !options.output.isEmpty else {
      fail("record needs --output FILE; see tether record --help", code: 2)
    }
    do {
      let path = try InspectedProcesses.socket(for: options.target)
      let hello = try InspectedProcesses.hello(at: path)
      let writer = try Recording.Writer(
        path: options.output, source: "\(hello.name) (\(hello.pid))")
      let ended = DispatchSemaphore(value: 0)
      let connection = try InspectorConnection(path: path, ended: { _ in ended.signal() })
      let failures = Inbox<String>()
      connection.start { line in
        do { try writer.append(line) } catch { failures.post("\(error)") }
      }
      print("recording \(hello.name) (\(hello.pid)) to \(options.output); Ctrl-C stops")
      let stop = DispatchSemaphore(value: 0)
      signal(SIGINT, SIG_IGN)
      signal(SIGTERM, SIG_IGN)
      let signals = [SIGINT, SIGTERM].map { number in
        let source = DispatchSource.makeSignalSource(signal: number)
        source.setEventHandler { stop.signal() }
        source.resume()
        return source
      }
      let reason = await withCheckedContinuation {
        (continuation: CheckedContinuation<String, Never>) in
        let once = OnceFlag()
        Thread.detachNewThread {
          ended.wait()
          if once.take() { continuation.resume(returning: "the process went away") }
        }
        Thread.detachNewThread {
          stop.wait()
          if once.take() { continuation.resume(returning: "stopped") }
        }
        if let duration = options.duration {
          Thread.detachNewThread {
            Thread.sleep(
              forTimeInterval: Double(duration.components.seconds) + Double(
                duration.components.attoseconds) / 1e18)
            if once.take() {
              continuation.resume(returning: "\(DurationText.format(duration)) passed")
            }
          }
        }
      }
      _ = signals
      connection.close()
      if let failure = failures.take().first { fail("recording failed: \(failure)") }
      print("recorded to \(options.output): \(reason)")
    } catch {
      fail("\(error)")
    }
  }
}

/// True for the first caller only.
final class OnceFlag: Sendable {
  private let taken = Atomic(false)
  func take() -> Bool { !taken.exchange(true, ordering: .acquiringAndReleasing) }
}
