import Testing
import TetherCommandLine
import TetherDiagnostics

@testable import PostsService

/// `posts-server`'s declarations: what each flag sets, and how a bad one is refused.
@Suite("posts-server options")
struct PostsServerOptionsTests {
  private func parse(_ arguments: [String]) throws -> PostsServerOptions {
    try #require(try PostsServerOptions.command.parse(arguments).options)
  }

  @Test func defaults() throws {
    let options = try parse([])
    #expect(options.configuration.port == 8080)
    #expect(options.configuration.host == "127.0.0.1")
    #expect(options.configuration.faults == .none)
    #expect(options.configuration.idleTimeout == .seconds(10))
    #expect(options.logsRequests)
  }

  @Test func theIssueExampleAndEveryFaultFlag() throws {
    let options = try parse([
      "--port", "8080", "--fail-rate", "0.3", "--latency", "200ms", "--seed", "7",
      "--jitter=1.5s", "--malformed-rate", "0.1", "--drop-rate", "0.05", "--fail-next", "3",
      "--routes", "/posts,GET /users/*", "--idle-timeout", "2s", "--max-connections", "64",
      "--quiet",
      "--host", "0.0.0.0",
    ])
    let configuration = options.configuration
    #expect(configuration.seed == 7)
    #expect(configuration.host == "0.0.0.0")
    #expect(configuration.idleTimeout == .seconds(2))
    #expect(configuration.maximumConnections == 64)
    #expect(!options.logsRequests)
    #expect(
      configuration.faults
        == FaultPlan(
          failureRate: 0.3, failNext: 3, routes: ["/posts", "GET /users/*"],
          latency: .milliseconds(200), jitter: .milliseconds(1500), truncatedRate: 0.1,
          dropRate: 0.05))
  }

  @Test func serviceAndRetryLabFlags() throws {
    let options = try parse([
      "--writes", "dummyjson", "--data", "/tmp/dummyjson", "--header-timeout", "2s",
      "--body-timeout=5s", "--max-created", "50", "--fail-status", "429", "--retry-after", "3s",
      "--fail-next", "2", "--fail-next-routes", "GET /posts/5$,/users",
    ])
    let configuration = options.configuration
    #expect(configuration.writes == .dummyjson)
    #expect(options.dataDirectory == "/tmp/dummyjson")
    #expect(configuration.headerTimeout == .seconds(2))
    #expect(configuration.bodyTimeout == .seconds(5))
    #expect(configuration.maximumCreated == 50)
    #expect(configuration.faults.failureStatuses == [429])
    #expect(configuration.faults.retryAfter == .seconds(3))
    #expect(configuration.faults.failNextRoutes == ["GET /posts/5$", "/users"])
    #expect(try parse([]).configuration.writes == .stored)
  }

  @Test func aTokenOrATokenFile() throws {
    #expect(try parse([]).configuration.access == .open)
    #expect(try parse(["--token", "s3cret"]).configuration.access == .token("s3cret"))
    #expect(try parse(["--token-file", "/run/t"]).tokenFile == "/run/t")
    #expect(throws: CommandLineError("--token and --token-file: give one", command: "posts-server"))
    {
      try PostsServerOptions.command.parse(["--token", "a", "--token-file", "/run/t"])
    }
    #expect(throws: CommandLineError("--token needs a token", command: "posts-server")) {
      try PostsServerOptions.command.parse(["--token="])
    }
  }

  @Test func helpSaysWhatItExposesAndTheLatencyCap() {
    let help = PostsServerOptions.command.help
    #expect(help.contains("Who can reach it: by default anyone who can connect"))
    #expect(help.contains("--token TOKEN") && help.contains("--token-file FILE"))
    #expect(help.contains("at most 60s"))
  }

  @Test func help() throws {
    let help = PostsServerOptions.command.help
    #expect(try PostsServerOptions.command.parse(["--help"]).printed == help)
    #expect(help.hasPrefix("Usage: posts-server [options]\n"))
    for flag in [
      "--fail-rate", "--fail-status", "--retry-after", "--fail-next-routes", "--writes", "--data",
      "--header-timeout", "--max-created", "Where it differs from dummyjson",
      "  curl -X PUT localhost:8080/_faults",
    ] {
      #expect(help.contains(flag), "\(flag)")
    }
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["--port"], "missing value for --port"),
    (
      ["--port", "70000"],
      "invalid value '70000' for --port: expected a whole number from 0 to 65535"
    ),
    (["--fail-rate", "1.5"], "invalid value '1.5' for --fail-rate: expected a number from 0 to 1"),
    (
      ["--latency", "200"],
      "invalid value '200' for --latency: expected a number and a unit, like 300ms, 2s or 1.5m,"
        + " at most \(DurationText.format(FaultPlan.longestServiceLatency))"
    ),
    (["--seed", "-1"], "invalid value '-1' for --seed: expected a whole number"),
    (
      ["--latency", "61s"],
      "invalid value '61s' for --latency: expected a number and a unit, like 300ms, 2s or 1.5m,"
        + " at most 1m"
    ),
    (["--quiet=yes"], "--quiet takes no value"),
    (
      ["--routes", "posts"],
      "“posts” is not a route like /posts or GET /posts/*/comments"
    ),
    (
      ["--idle-timeout", "0"],
      "invalid value '0' for --idle-timeout: expected a number and a unit, like 300ms, 2s or 1.5m,"
        + " from 1ms to 60m"
    ),
    (["--writes", "never"], "invalid value 'never' for --writes: expected stored or dummyjson"),
    (
      ["--fail-status", "429,abc"],
      "invalid value '429,abc' for --fail-status: expected statuses from 400 to 599, like 429 or"
        + " 500,503"
    ),
    (
      ["--host", "example.com"], "invalid value 'example.com' for --host: expected an IPv4 address"
    ),
  ])
  func badArgumentsGiveOneLineErrors(arguments: [String], message: String) {
    #expect(throws: CommandLineError(message, command: "posts-server")) {
      try PostsServerOptions.command.parse(arguments)
    }
  }
}
