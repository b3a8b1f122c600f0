import Foundation
import TetherCore

/// The SQLite launch of 10,000 stores in a process of its own, as a real launch is.
///
/// In the suite's own process the launches reuse a heap that earlier rows grew. A new process
/// grows it as it goes: glibc extends a thread's arena a page at a time (one `mprotect` per
/// page), and each first touch of a page faults. That is part of what a user waits for.
extension PersistSuite {
  /// `tether-bench persist-launch FILE`: one launch from `file`, printed as its wall and CPU
  /// seconds for the suite that spawned it.
  @concurrent
  static func launchOnce(from file: URL) async throws {
    let client = OperationClient()
    let box = PersistenceBox()
    let sample = await Harness.measure(iterations: rowCount) {
      box.persistence = await launch(client, from: file)
    }
    await box.persistence?.close()
    print(sample.wallSeconds, sample.cpuSeconds)
  }

  /// The best of ``turns`` launches from `file`, each in a new `tether-bench persist-launch`.
  static func coldLaunches(from file: URL) throws -> Harness.Sample {
    let bench = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var best: Harness.Sample?
    for _ in 0..<turns {
      let process = Process()
      let output = Pipe()
      process.executableURL = bench
      process.arguments = ["persist-launch", file.path]
      process.standardOutput = output
      try process.run()
      let printed = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let fields = String(decoding: printed, as: UTF8.self).split(whereSeparator: \.isWhitespace)
      guard process.terminationStatus == 0, fields.count == 2,
        let wall = Double(fields[0]), let cpu = Double(fields[1])
      else {
        throw ColdLaunchFailure(
          description: "persist-launch exited with \(process.terminationStatus): \(fields)")
      }
      let sample = Harness.Sample(wallSeconds: wall, cpuSeconds: cpu, iterations: rowCount)
      best = sample.faster(than: best)
    }
    return best!
  }

  struct ColdLaunchFailure: Error, CustomStringConvertible {
    var description: String
  }
}
