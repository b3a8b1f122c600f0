import Foundation

/// What the kernel has counted for a running process so far, read from `/proc`.
struct ProcessUsage {
  /// User plus system CPU time of all its threads, live and ended, in seconds; the kernel
  /// counts it in clock ticks (10 ms).
  var cpuSeconds: Double
  /// Voluntary plus involuntary context switches of each live thread, by thread id: each is a
  /// wake-up or a preemption. (A thread that ends takes its count with it.)
  var contextSwitches: [Int: Int]
  /// Resident memory (`VmRSS`), in bytes.
  var residentBytes: Int
  /// The part of it that is the program's own (`RssAnon`: heap, stacks) rather than mapped
  /// files such as shared libraries and their data.
  var anonymousBytes: Int

  struct Unreadable: Error, CustomStringConvertible {
    let path: String
    var description: String { "cannot read \(path)" }
  }

  init(of pid: pid_t) throws {
    // `/proc/<pid>/stat`: the command name in parentheses may hold spaces, so fields are
    // counted after its closing parenthesis; utime and stime are fields 14 and 15.
    let stat = try Self.read("/proc/\(pid)/stat")
    guard let nameEnd = stat.lastIndex(of: ")") else { throw Unreadable(path: "/proc/\(pid)/stat") }
    let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      throw Unreadable(path: "/proc/\(pid)/stat")
    }
    cpuSeconds = (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))

    let status = try Self.read("/proc/\(pid)/status")
    residentBytes = Self.field("VmRSS", in: status) * 1024
    anonymousBytes = Self.field("RssAnon", in: status) * 1024

    // The process's own status counts only its main thread's switches.
    contextSwitches = [:]
    for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
      // A thread may end between the listing and the read.
      guard let thread = Int(task), let status = try? Self.read("/proc/\(pid)/task/\(task)/status")
      else { continue }
      contextSwitches[thread] =
        Self.field("voluntary_ctxt_switches", in: status)
        + Self.field("nonvoluntary_ctxt_switches", in: status)
    }
  }

  /// The context switches since `earlier` of the threads alive now (all of a new thread's),
  /// and how many threads of `earlier` have ended since — each woke up at least to end.
  func wakeUps(since earlier: ProcessUsage) -> (contextSwitches: Int, endedThreads: Int) {
    let switches = contextSwitches.reduce(0) { total, thread in
      total + thread.value - (earlier.contextSwitches[thread.key] ?? 0)
    }
    let ended = earlier.contextSwitches.keys.filter { contextSwitches[$0] == nil }.count
    return (switches, ended)
  }

  private static func read(_ path: String) throws -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw Unreadable(path: path)
    }
    return text
  }

  /// The number after `name:` in a `status` file (`VmRSS:    5120 kB` → 5120), or 0.
  private static func field(_ name: String, in status: String) -> Int {
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let value = line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first
      return value.flatMap { Int($0) } ?? 0
    }
    return 0
  }
}
