import PostsService
import TetherCommandLine
import TetherDiagnostics

/// The options `posts` and `posts-watch` share: the faults the embedded Posts service injects
/// from the start, the seed of their draws, and how often a failed query is retried.
public enum SharedArguments {
  /// `--fail-rate`, `--latency`, `--fault-routes`, `--seed` and `--retries`, read into
  /// `faults`, `seed` and `retries` of a command's options.
  public static func arguments<Options>(
    faults: WritableKeyPath<Options, FaultPlan> & Sendable,
    seed: WritableKeyPath<Options, UInt64> & Sendable,
    retries: WritableKeyPath<Options, Int> & Sendable
  ) -> [Argument<Options>] {
    [
      .option(
        "--fail-rate", value: .rate, help: "embedded service: share of requests that fail, 0...1"
      ) { options, rate in options[keyPath: faults].failureRate = rate },
      .option(
        "--latency", value: .duration(in: .zero...FaultPlan.longestServiceLatency),
        help: "embedded service: latency added to every request, like 300ms; at most 60s"
      ) { options, latency in options[keyPath: faults].latency = latency },
      .option(
        "--fault-routes", value: .list(of: .string),
        help: "embedded service: the routes faults apply to, comma-separated, like /users or"
          + " \"GET /posts/*\" (default all)"
      ) { options, routes in options[keyPath: faults].routes = routes },
      .option(
        "--seed", value: .integer(),
        help: "embedded service: seed of its fault injection (default 1)",
        to: seed),
      .option(
        "--retries", value: .integer(in: 0...10),
        help: "retries of a failed query, 0...10 (default 3)", to: retries),
    ]
  }
}
