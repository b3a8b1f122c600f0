import Foundation

/// The machine a benchmark ran on, as the benchmarks page names it.
struct Machine: Sendable, Equatable {
  var processor: String
  var cores: Int
  var memoryGigabytes: Int
  var system: String
  var swift: String
  /// The 1-minute load average when the suite ended: how busy the shared machine was.
  var load: Double

  /// "2 cores of AMD EPYC 7B13, 23 GB, Debian GNU/Linux 12, Swift 6.2, load 3.1".
  var summary: String {
    "\(cores) cores of \(processor), \(memoryGigabytes) GB, \(system), Swift \(swift), "
      + String(format: "load %.1f", load)
  }

  /// This machine, read from `/proc` and `/etc/os-release`.
  static var current: Machine {
    Machine(
      processor: field("model name", of: "/proc/cpuinfo", separator: ":") ?? "an unknown processor",
      cores: ProcessInfo.processInfo.activeProcessorCount,
      memoryGigabytes: Int((Double(ProcessInfo.processInfo.physicalMemory) / 1e9).rounded()),
      system: field("PRETTY_NAME", of: "/etc/os-release", separator: "=") ?? "Linux",
      swift: compilerVersion,
      load: (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
        .flatMap { $0.split(separator: " ").first }.flatMap { Double($0) } ?? 0)
  }

  private static var compilerVersion: String {
    #if compiler(>=6.4)
      "6.4 or later"
    #elseif compiler(>=6.3)
      "6.3"
    #elseif compiler(>=6.2)
      "6.2"
    #else
      "6"
    #endif
  }

  /// The value of the first line of `path` that starts with `key`, unquoted.
  private static func field(_ key: String, of path: String, separator: Character) -> String? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(key) {
      guard let index = line.firstIndex(of: separator) else { continue }
      let value = line[line.index(after: index)...].trimmingCharacters(in: .whitespaces)
      return value.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }
    return nil
  }
}
