import Foundation
import Glibc
import TetherTerminal

/// `tether-bench app`, continued: what waiting costs, and whether the UI keeps answering under
/// bursts of moves (each cancels the fetch of the post left behind — what froze the browser
/// within seconds when URLSession deadlocked on such cancellations).
extension AppSuite {
  /// How long the bursts last: 90 s, or `TETHER_BENCH_BURST_SECONDS`.
  static var burstDuration: Duration {
    let seconds = ProcessInfo.processInfo.environment["TETHER_BENCH_BURST_SECONDS"].flatMap(
      Int.init)
    return .seconds(max(5, seconds ?? 90))
  }

  /// The keys of one burst: moves, jumps to the end and back.
  static let burst = "jjjjjkkjGkgjjkjjjkjjGggjkkjj"

  // MARK: Waiting

  /// CPU while `posts` waits: on the `--url` check against a server that accepts and never
  /// answers (until its one-line error), and in the browser while the embedded service takes
  /// 30 s to answer the first page; `sleep` for a baseline.
  static func measureWaiting(_ posts: String) throws {
    Harness.heading("app: waiting on a silent server")
    let listener = try SilentServerBench.SilentListener()
    defer { listener.stop() }
    let before = childrenCPUSeconds()
    let clock = ContinuousClock()
    let start = clock.now
    let check = try PtyProcess(
      posts, arguments: ["--url", listener.url.absoluteString, "--no-cache"], size: size)
    try check.waitFor("did not answer", timeout: .seconds(30))
    let elapsed = (clock.now - start).seconds
    check.stop()
    let probeCPU = childrenCPUSeconds() - before
    Harness.line(
      "posts --url <silent>: error after", String(format: "%.1f s", elapsed))
    Harness.line(
      "  its CPU meanwhile (10 ms ticks)",
      String(format: "%.0f ms, %.2f%% of a core", probeCPU * 1000, probeCPU / elapsed * 100))

    let waiting = try PtyProcess(posts, arguments: ["--latency", "30s", "--no-cache"], size: size)
    defer { waiting.stop() }
    let sleeper = try PtyProcess("/bin/sleep", arguments: ["60"], size: size)
    defer { sleeper.stop() }
    try waiting.waitFor("Loading posts", timeout: .seconds(10))
    // From the first second of waiting to before the idle timeout (5 s) ends the attempt.
    Thread.sleep(forTimeInterval: 0.5)
    let waitingBefore = try waiting.usage()
    let sleeperBefore = try sleeper.usage()
    let window = 3.5
    _ = waiting.bytesWritten(during: .milliseconds(Int(window * 1000)))
    let waitingCPU = (try waiting.usage().cpuSeconds - waitingBefore.cpuSeconds) / window
    let sleeperCPU = (try sleeper.usage().cpuSeconds - sleeperBefore.cpuSeconds) / window
    Harness.line(
      "browser waiting for its first page (spinner on)",
      String(format: "%.2f%% CPU", waitingCPU * 100) + "      baseline sleep "
        + String(format: "%.2f%%", sleeperCPU * 100))
    Harness.line(
      "waiting target: < 2% CPU", probeCPU / elapsed < 0.02 && waitingCPU < 0.02 ? "met" : "MISSED")
  }

  /// CPU time of the children this process has reaped, in seconds.
  static func childrenCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  // MARK: Bursts

  /// Bursts of `j`/`k`/`G` for ``burstDuration`` with 300 ms of latency (so moves cancel
  /// requests in flight), probing once a second how long the help takes to open; the same
  /// probe on the idle browser before the bursts is the baseline. Then `q` must end it.
  static func measureBursts(_ posts: String) throws {
    let duration = burstDuration
    Harness.heading(
      "app: \(Int(duration.seconds)) s of j/k/G bursts, 300 ms latency (TETHER_BENCH_BURST_SECONDS)"
    )
    let browser = try PtyProcess(
      posts, arguments: ["--latency", "300ms", "--no-cache"], size: size)
    defer { browser.stop() }
    try browser.waitFor("of 251")
    browser.waitForQuiet(.milliseconds(500))

    var idle: [Double] = []
    for _ in 0..<10 { idle.append(try probe(browser)) }

    var busy: [Double] = []
    var keys = 0
    let clock = ContinuousClock()
    let end = clock.now + duration
    var nextProbe = clock.now + .seconds(1)
    while clock.now < end {
      browser.type(burst)
      keys += burst.count
      browser.read(waitingUpTo: .milliseconds(50))
      if clock.now >= nextProbe {
        busy.append(try probe(browser))
        nextProbe = clock.now + .seconds(1)
      }
    }
    // Once the keys stop: the last answer, and quitting.
    browser.waitForQuiet(.milliseconds(300), timeout: .seconds(5))
    let settled = try probe(browser)
    let quitMark = browser.output.count
    let quitStart = clock.now
    browser.type("q")
    try browser.waitFor("\u{1B}[?1049l", after: quitMark, timeout: .seconds(10))
    let quit = (clock.now - quitStart).seconds

    Harness.line("keys sent", "\(keys) in \(busy.count) probes' time")
    Harness.line(
      "help opens, idle (baseline)", describe(idle))
    Harness.line("help opens, during bursts", describe(busy))
    Harness.line("help opens, after the bursts", milliseconds(settled))
    Harness.line("q → terminal restored", milliseconds(quit))
    let met = settled <= 0.1 && quit <= 0.5
    Harness.line(
      "target: answers within 100 ms after the bursts, quits at once", met ? "met" : "MISSED")
  }

  /// Types `?` and returns how long until the help overlay is drawn; `?` again closes it.
  static func probe(_ browser: PtyProcess) throws -> Double {
    let mark = browser.output.count
    let clock = ContinuousClock()
    let start = clock.now
    browser.type("?")
    try browser.waitFor("Help", after: mark, timeout: .seconds(30))
    let latency = (clock.now - start).seconds
    browser.type("?")
    browser.waitForQuiet(.milliseconds(30), timeout: .seconds(5))
    return latency
  }

  /// `p50 3 ms · p95 12 ms · max 40 ms (n = 90)`
  static func describe(_ samples: [Double]) -> String {
    guard !samples.isEmpty else { return "none" }
    let sorted = samples.sorted()
    func percentile(_ p: Double) -> Double {
      sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
    return "p50 \(milliseconds(percentile(0.5))) · p95 \(milliseconds(percentile(0.95)))"
      + " · max \(milliseconds(sorted.last!)) (n = \(sorted.count))"
  }

  static func milliseconds(_ seconds: Double) -> String {
    String(format: "%.1f ms", seconds * 1000)
  }
}
