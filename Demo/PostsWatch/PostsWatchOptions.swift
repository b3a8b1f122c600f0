import Foundation
import PostsBrowser
import PostsService
import TetherCommandLine
import TetherDiagnostics

/// The command line of `posts-watch`.
struct PostsWatchOptions: Sendable {
  var url: URL?
  var every: Duration = .seconds(5)
  var limit = 10
  var faults = FaultPlan()
  var seed: UInt64 = 1
  var retries = 3
  var inspects = true

  static let command = Command<PostsWatchOptions>(
    "posts-watch",
    abstract: "Poll the first page of the Posts feed and print new and changed posts, headless;"
      + " tether attach shows its stores live.",
    discussion: "Starts an embedded Posts service (with the same fault options as posts) unless"
      + " --url is given.",
    defaults: PostsWatchOptions(),
    arguments: [
      .option(
        "--url", value: PostsBrowserOptions.httpURL,
        help: "poll a dummyjson-compatible server instead", to: \.url),
      .option(
        "--every", value: .duration(in: .milliseconds(100) ... .seconds(3600)),
        help: "time between two polls, like 5s (default 5s)", to: \.every),
      .option(
        "--limit", value: .integer(in: 1...100), help: "posts per poll, 1...100 (default 10)",
        to: \.limit),
    ] + SharedArguments.arguments(faults: \.faults, seed: \.seed, retries: \.retries) + [
      .flag(
        "--no-inspect", help: "do not start an inspector (tether attach will not see it)",
        setting: \.inspects, to: false)
    ])
}
