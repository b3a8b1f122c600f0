import Foundation
import TetherCommandLine
import TetherTerminal

/// `tether-bench <suite>`: run with `swift run -c release tether-bench <suite>`.
///
/// Every suite prints each scenario next to a baseline measured in the same run, and their ratio,
/// because absolute times on shared machines are noisy.
struct BenchRun: Sendable {
  var name: String
  /// The benchmarks page to write the suite's figures into, when given (`--record FILE`).
  var page: String? = nil
  var run: @Sendable () async throws -> Void
}

/// The arguments of a suite (`--record FILE`) and of the hidden `persist-launch FILE`.
struct BenchArguments: Sendable {
  var file = ""
  var page: String?
}

func suite(
  _ name: String, _ abstract: String, _ run: @escaping @Sendable () async throws -> Void
) -> Subcommand<BenchRun> {
  Subcommand(
    Command<BenchArguments>(
      name, abstract: abstract, defaults: BenchArguments(),
      arguments: [
        .option(
          "--record", value: .file,
          help: "write the figures into this page, between the suite's markers", to: \.page)
      ])
  ) { arguments in BenchRun(name: name, page: arguments.page, run: run) }
}

let bench = CommandGroup<BenchRun>(
  "tether-bench",
  abstract: "Tether's benchmarks, each against a baseline measured in the same run.",
  discussion: """
    Run them from a release build: swift run -c release tether-bench core. Each row prints \
    the scenario, its baseline and their ratio: absolute times on a shared machine are noisy.
    """,
  subcommands: [
    suite("core", "TetherCore's machinery against the raw calls it wraps", CoreSuite.run),
    suite(
      "http", "requests through APIClient and its transports against URLSession",
      HTTPSuite.run),
    suite(
      "http-features", "the http suite's conditional-request and progress rows alone",
      HTTPFeaturesBench.run),
    suite(
      "server", "the Posts service's throughput and latency under attack against Python's",
      ServerSuite.run),
    suite("render", "drawing and diffing large frames", RenderSuite.run),
    suite(
      "app", "the posts binary on a pseudo-terminal: first page, idle cost, memory, bursts",
      AppSuite.run),
    suite("devtools", "the devtools over 10,000 stores on a 200x60 frame", DevtoolsSuite.run),
    suite(
      "persist", "the SQLite cache, snapshots of 10,000 stores, a persister's cost per fetch",
      PersistSuite.run),
    suite("json", "TetherJSON against Foundation on 10,000 posts", JSONSuite.run),
    suite(
      "inspect", "an inspector's cost to the inspected process, and a viewer's speed",
      InspectSuite.run),
    suite(
      "inspect-attach", "the inspect suite's attaching row alone (10,000 stores)",
      InspectSuite.runAttaching),
    // A mode `persist` spawns in a process of its own; not run by hand.
    Subcommand(
      Command<BenchArguments>(
        "persist-launch", abstract: "one launch from FILE, printed as wall and CPU seconds",
        defaults: BenchArguments(),
        arguments: [
          .positional("FILE", value: .file, help: "the cache file to launch from", to: \.file)
        ]),
      isHidden: true
    ) { arguments in
      BenchRun(name: "persist-launch") {
        try await PersistSuite.launchOnce(from: URL(fileURLWithPath: arguments.file))
      }
    },
  ])

let chosen = bench.parseOrExit()
#if DEBUG
  print("warning: debug build; run with `swift run -c release tether-bench \(chosen.name)`\n")
#endif
do {
  try await chosen.run()
  if let page = chosen.page {
    try BenchmarksPage.record(BenchReport.current.withLock { $0 }, suite: chosen.name, into: page)
    print("\nrecorded in \(page)")
  }
} catch {
  let message = TextSanitizer.sanitize("\(error)")
  FileHandle.standardError.write(Data("tether-bench \(chosen.name): \(message)\n".utf8))
  exit(1)
}
