import EndToEndSupport
import Foundation
import Glibc

/// The built `PersistenceProbe` running as a child process, with its standard output read line
/// by line (waiting 20 s at most for each line).
final class ProbeProcess {
  private let process = Process()
  private let output = Pipe()
  private var buffer = Data()

  init(_ arguments: [String]) throws {
    process.executableURL = URL(fileURLWithPath: try builtProduct(named: "PersistenceProbe"))
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
  }

  /// The next line the probe writes, or nil when it ends or says nothing for 20 s.
  func nextLine() -> String? {
    let descriptor = output.fileHandleForReading.fileDescriptor
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
        buffer.removeSubrange(buffer.startIndex...newline)
        return line
      }
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, 20_000)
      if polled < 0 && errno == EINTR { continue }
      guard polled > 0 else { return nil }
      var bytes = [UInt8](repeating: 0, count: 4096)
      let count = read(descriptor, &bytes, bytes.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return nil }
      buffer.append(contentsOf: bytes[0..<count])
    }
  }

  /// Every line until the probe ends.
  func remainingLines() -> [String] {
    var lines: [String] = []
    while let line = nextLine() { lines.append(line) }
    return lines
  }

  /// Kills the probe with SIGKILL, which it cannot catch, and waits for it.
  func killHard() {
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
  }

  /// Waits for the probe to end on its own and returns its exit status.
  func waitForExit() -> Int32 {
    process.waitUntilExit()
    return process.terminationStatus
  }
}
