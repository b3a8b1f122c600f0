import Foundation
import TetherTerminal

/// `tether-bench app`: the built `posts` binary on a 100×30 pseudo-terminal — how long until
/// its first page is drawn, what it costs while nothing happens, how much memory it holds
/// with every post loaded, what waiting on a silent server costs, and how fast it answers
/// under bursts of moves (see `AppSuite+Responsiveness.swift`).
///
/// Screen text is found in the bytes the program writes: curses writes only what changed, so
/// only text new on the screen (such as "of 251" in the first frame) is searched for, and the
/// request log (`--log`) says when each page and post has arrived.
enum AppSuite {
  static let size = Size(width: 100, height: 30)
  static let launches = 5
  static let idleWindow = Duration.seconds(5)
  static let postStores = 30

  static func run() async throws {
    try await measure()
    try await DevtoolsSuite.run()
  }

  @concurrent
  static func measure() async throws {
    let posts = try executable("posts")
    Harness.heading("app: posts on a \(size.width)×\(size.height) pseudo-terminal")
    try measureLaunch(posts)
    try measureIdleAndMemory(posts)
    try measureWaiting(posts)
    try measureBursts(posts)
  }

  /// The executable `name` built next to this one.
  static func executable(_ name: String) throws -> String {
    let bench = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let path = bench.deletingLastPathComponent().appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      throw PtyProcess.Failure(
        description: "\(name) is not built next to tether-bench at \(path); run "
          + "`swift build -c release --product \(name)`")
    }
    return path
  }

  // MARK: Launch

  static func measureLaunch(_ posts: String) throws {
    // No cache: the first page comes from the embedded service, as on a first launch.
    let firstPage = try timeToOutput(posts, arguments: ["--no-cache"], marker: "of 251")
    let version = try timeToOutput(posts, arguments: ["--version"], marker: "posts ")
    Harness.compare(
      "launch → first page drawn (best of \(launches))", firstPage,
      baseline: "posts --version printed", version)
    if let sample = try? executable("terminal-sample") {
      let frame = try timeToOutput(sample, marker: "Tether sample")
      Harness.compare(
        "launch → first page drawn (best of \(launches))", firstPage,
        baseline: "terminal-sample first frame", frame)
    } else {
      Harness.line("  terminal-sample first frame", "not built; build it for this baseline")
    }
    Harness.line(
      "  CPU of posts until then (10 ms ticks)", Harness.formatDuration(firstPage.cpuSeconds))
  }

  /// The fastest of `launches` runs of `path` from the spawn until `marker` is written to the
  /// terminal; its CPU time is the program's own until then.
  static func timeToOutput(
    _ path: String, arguments: [String] = [], marker: String
  ) throws -> Harness.Sample {
    var best: Harness.Sample?
    for _ in 0..<launches {
      let clock = ContinuousClock()
      let start = clock.now
      let process = try PtyProcess(path, arguments: arguments, size: size)
      defer { process.stop() }
      try process.waitFor(marker)
      let elapsed = (clock.now - start).seconds
      // A program that printed and ended may already be gone from /proc.
      let cpu = (try? process.usage().cpuSeconds) ?? 0
      if best == nil || elapsed < best!.wallSeconds {
        best = Harness.Sample(wallSeconds: elapsed, cpuSeconds: cpu, iterations: 1)
      }
    }
    return best!
  }

  // MARK: Idle and memory

  static func measureIdleAndMemory(_ path: String) throws {
    let log = RequestLog()
    defer { log.remove() }
    let posts = try PtyProcess(path, arguments: ["--log", log.path, "--no-cache"], size: size)
    defer { posts.stop() }
    // The idle baseline starts now, so its own start-up is over before the window opens.
    let sleeper = try PtyProcess("/bin/sleep", arguments: ["60"], size: size)
    defer { sleeper.stop() }

    // The first page, then the first post and its author; then nothing more should happen.
    try posts.waitFor("of 251")
    try log.waitUntil("the first post and its author") {
      !$0.loadedPosts.isEmpty && $0.loadedUsers > 0
    }
    let settled = posts.waitForQuiet(.milliseconds(300))
    let afterFirstPage = try posts.usage()

    let postsBefore = try posts.usage()
    let sleeperBefore = try sleeper.usage()
    let clock = ContinuousClock()
    let start = clock.now
    let bytes = posts.bytesWritten(during: idleWindow)
    let seconds = (clock.now - start).seconds
    let postsAfter = try posts.usage()
    let sleeperAfter = try sleeper.usage()
    sleeper.stop()

    Harness.line(
      "idle \(Int(idleWindow.seconds)) s after the first page: bytes drawn",
      "\(bytes) B\(settled ? "" : " (output had not settled before the window)")")
    let cpu = (postsAfter.cpuSeconds - postsBefore.cpuSeconds) / seconds
    let sleeperCPU = (sleeperAfter.cpuSeconds - sleeperBefore.cpuSeconds) / seconds
    Harness.line(
      "idle CPU (10 ms ticks)",
      String(format: "%.2f%%", cpu * 100) + "      baseline sleep "
        + String(format: "%.2f%%", sleeperCPU * 100))
    let wakeUps = postsAfter.wakeUps(since: postsBefore)
    let sleeperWakeUps = sleeperAfter.wakeUps(since: sleeperBefore)
    Harness.line(
      "idle wake-ups (context switches)",
      describe(wakeUps, over: seconds) + "   baseline sleep "
        + describe(sleeperWakeUps, over: seconds))
    let idleMet = bytes == 0 && cpu < 0.005
    Harness.line("idle target: 0 frames, < 0.5% CPU", idleMet ? "met" : "MISSED")

    try loadEverything(posts, log: log)
    let loaded = try posts.usage()
    let status = try log.status()
    Harness.line("RSS after the first page", resident(afterFirstPage))
    Harness.line(
      "RSS: \(status.loadedPages) pages (251 posts), \(status.loadedPosts.count) post stores",
      resident(loaded) + ", "
        + megabytes(loaded.residentBytes - afterFirstPage.residentBytes) + " more")
    if let sample = try? executable("terminal-sample") {
      let baseline = try PtyProcess(sample, size: size)
      defer { baseline.stop() }
      try baseline.waitFor("Tether sample")
      baseline.waitForQuiet(.milliseconds(300))
      Harness.line("  baseline: terminal-sample, first frame", resident(try baseline.usage()))
    }
    Harness.line(
      "memory target < 40 MB", loaded.residentBytes < 40 * 1_048_576 ? "met" : "MISSED")
  }

  /// Loads every page with `m`, one at a time, until the feed says all are loaded; then
  /// selects posts with `j` until `postStores` have been shown, each once it has arrived.
  static func loadEverything(_ posts: PtyProcess, log: RequestLog) throws {
    let mark = posts.output.count
    var pages = try log.status().loadedPages
    while pages < 26 {
      posts.type("m")
      try log.waitUntil("page \(pages + 1)") { $0.loadedPages > pages }
      pages += 1
    }
    try posts.waitFor("All 251 posts loaded", after: mark)
    for shown in 1..<postStores {
      posts.type("j")
      try log.waitUntil("post \(shown + 1)") { $0.loadedPosts.count > shown }
      posts.waitForQuiet(.milliseconds(50))
    }
    posts.waitForQuiet(.milliseconds(300))
  }

  static func describe(
    _ wakeUps: (contextSwitches: Int, endedThreads: Int), over seconds: Double
  ) -> String {
    let rate = String(format: "%.1f/s", Double(wakeUps.contextSwitches) / seconds)
    let ended = wakeUps.endedThreads == 0 ? "" : ", \(wakeUps.endedThreads) threads ended"
    return "\(wakeUps.contextSwitches) (\(rate)\(ended))"
  }

  /// `41.2 MB (12.0 MB its own)`: resident memory and the part that is not mapped files.
  static func resident(_ usage: ProcessUsage) -> String {
    "\(megabytes(usage.residentBytes)) (\(megabytes(usage.anonymousBytes)) its own)"
  }

  static func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_048_576)
  }
}
