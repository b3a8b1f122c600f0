import Foundation

/// Timing helpers shared by every suite.
enum Harness {
  /// Wall-clock and CPU time of one measured block.
  struct Sample: Sendable {
    var wallSeconds: Double
    var cpuSeconds: Double
    var iterations: Int

    var wallPerIteration: Double { wallSeconds / Double(max(iterations, 1)) }
    var cpuPerIteration: Double { cpuSeconds / Double(max(iterations, 1)) }
    var iterationsPerSecond: Double { Double(iterations) / max(wallSeconds, 1e-12) }

    /// The faster of `best` and this sample: what a best-of-n keeps.
    func faster(than best: Sample?) -> Sample {
      guard let best, best.wallSeconds <= wallSeconds else { return self }
      return best
    }
  }

  /// CPU time (user + system) this process has used so far, in seconds.
  static func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// Runs `body` once and measures it; `iterations` is how many operations the body performs.
  ///
  /// Call from a `@concurrent` function so the loop does not hop off the main actor per await.
  @concurrent
  static func measure(
    iterations: Int,
    _ body: @Sendable () async throws -> Void
  ) async rethrows -> Sample {
    let clock = ContinuousClock()
    let cpuStart = processCPUSeconds()
    let start = clock.now
    try await body()
    let elapsed = clock.now - start
    let cpu = processCPUSeconds() - cpuStart
    return Sample(wallSeconds: elapsed.seconds, cpuSeconds: cpu, iterations: iterations)
  }

  /// Runs `body` `repetitions` times and keeps the fastest sample, which is the least disturbed.
  @concurrent
  static func best(
    of repetitions: Int = 3,
    iterations: Int,
    _ body: @Sendable () async throws -> Void
  ) async rethrows -> Sample {
    var best: Sample?
    for _ in 0..<repetitions {
      let sample = try await measure(iterations: iterations, body)
      best = sample.faster(than: best)
    }
    return best!
  }

  /// The best of `repetitions` samples of a baseline and of a scenario, measured in turns
  /// (baseline, scenario, baseline, …), so that a busy moment of a shared machine slows both
  /// rather than only the one measured then. Each turn runs its side once untimed first, so
  /// that neither is measured in the memory state the other left (a burst of 10,000 tasks
  /// right after another scenario's burst was up to 1.4× slower than after its own).
  static func bestInTurns(
    of repetitions: Int = 5,
    iterations: Int,
    baseline: @Sendable () async throws -> Void,
    scenario: @Sendable () async throws -> Void
  ) async rethrows -> (baseline: Sample, scenario: Sample) {
    var bestBaseline: Sample?
    var bestScenario: Sample?
    for _ in 0..<repetitions {
      try await baseline()
      let base = try await measure(iterations: iterations, baseline)
      bestBaseline = base.faster(than: bestBaseline)
      try await scenario()
      let sample = try await measure(iterations: iterations, scenario)
      bestScenario = sample.faster(than: bestScenario)
    }
    return (bestBaseline!, bestScenario!)
  }

  /// `scenario` against `baseline` in `rounds` rounds of ABBA order, so both see the same machine
  /// and neither always runs second: the median of the ratios within rounds (a pair measured
  /// seconds apart; the best of each side alone, taken minutes apart on a shared machine,
  /// differ by more than a few per cent), of wall time and of the process's CPU time (every
  /// thread's: work a scenario hands to another thread counts), and the best sample of each.
  static func paired(
    rounds: Int, iterations: Int, _ scenario: @Sendable () async throws -> Void,
    baseline: @Sendable () async throws -> Void
  ) async throws -> Paired {
    try await inTurns(rounds: rounds) { isScenario in
      try await measure(iterations: iterations, isScenario ? scenario : baseline)
    }
  }

  /// `rounds` rounds of a scenario and a baseline, each sampled by `side` (whose argument says
  /// which), the order alternating: the medians of the ratios within rounds, of wall and CPU
  /// time, and the best sample of each side. `side` may prepare its side out of the timing.
  static func inTurns(
    rounds: Int, _ side: (_ isScenario: Bool) async throws -> Sample
  ) async throws -> Paired {
    var ratios: [Double] = []
    var cpuRatios: [Double] = []
    var best: (scenario: Sample?, baseline: Sample?) = (nil, nil)
    for round in 0..<rounds {
      let order = round % 2 == 0 ? [false, true] : [true, false]
      var pair: (scenario: Sample?, baseline: Sample?) = (nil, nil)
      for isScenario in order {
        let sample = try await side(isScenario)
        if isScenario { pair.scenario = sample } else { pair.baseline = sample }
      }
      guard let scenario = pair.scenario, let baseline = pair.baseline else { continue }
      ratios.append(scenario.wallSeconds / baseline.wallSeconds)
      cpuRatios.append(scenario.cpuSeconds / max(baseline.cpuSeconds, 1e-9))
      best = (scenario.faster(than: best.scenario), baseline.faster(than: best.baseline))
    }
    return Paired(
      median: median(ratios), cpuMedian: median(cpuRatios), bestScenario: best.scenario!,
      bestBaseline: best.baseline!)
  }

  /// What rounds of a scenario and its baseline in turns found.
  struct Paired {
    /// The median of the wall-time ratios (scenario / baseline) within rounds.
    var median: Double
    /// The same for CPU time.
    var cpuMedian: Double
    var bestScenario: Sample
    var bestBaseline: Sample
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
  }

  /// Prints a suite heading.
  static func heading(_ title: String) {
    print("\n== \(title) ==")
    BenchReport.current.withLock { $0.begin(title) }
  }

  /// Prints the best sample of each side of `paired`, as ``compare(_:_:baseline:_:)``.
  static func compare(_ scenario: String, _ paired: Paired, baseline: String) {
    compare(scenario, paired.bestScenario, baseline: baseline, paired.bestBaseline)
  }

  /// Prints one scenario next to its baseline: time per iteration of each and their ratio.
  static func compare(_ scenario: String, _ sample: Sample, baseline: String, _ base: Sample) {
    let ratio = sample.wallPerIteration / max(base.wallPerIteration, 1e-15)
    let result = formatDuration(sample.wallPerIteration) + "/op"
    let baseResult = formatDuration(base.wallPerIteration) + "/op"
    let ratioText = String(format: ratio < 0.01 ? "%.1e×" : "%.2f×", ratio)
    print(
      pad(scenario, 44) + pad(result, 14) + "baseline " + pad(baseline, 30) + pad(baseResult, 14)
        + "ratio " + ratioText)
    BenchReport.current.withLock {
      $0.append(
        .comparison(
          scenario: scenario, result: result, baseline: baseline, base: baseResult,
          ratio: ratioText))
    }
    // With TETHER_BENCH_CPU set, the process's CPU time per iteration of each side too: on a
    // loaded machine it moves less than the wall time.
    if ProcessInfo.processInfo.environment["TETHER_BENCH_CPU"] != nil {
      print(
        pad("  cpu", 44) + pad(formatDuration(sample.cpuPerIteration) + "/op", 14)
          + "baseline cpu " + formatDuration(base.cpuPerIteration) + "/op")
    }
  }

  /// Prints a free-form result line.
  static func line(_ label: String, _ value: String) {
    print(pad(label, 44) + value)
    BenchReport.current.withLock { $0.append(.figure(label: label, value: value)) }
  }

  /// `0.000_001_5` → `1.50 µs`.
  static func formatDuration(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-6: String(format: "%.0f ns", seconds * 1e9)
    case ..<1e-3: String(format: "%.2f µs", seconds * 1e6)
    case ..<1: String(format: "%.2f ms", seconds * 1e3)
    default: String(format: "%.2f s", seconds)
    }
  }

  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
