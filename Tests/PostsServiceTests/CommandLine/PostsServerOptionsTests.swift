import Testing

@testable import PostsService

@Suite("posts-server options")
struct PostsServerOptionsTests {
  @Test func defaults() throws {
    let options = try PostsServerOptions(arguments: [])
    #expect(options.configuration.port == 8080)
    #expect(options.configuration.host == "127.0.0.1")
    #expect(options.configuration.faults == .none)
    #expect(options.configuration.idleTimeout == .seconds(10))
    #expect(options.logsRequests && !options.showsHelp)
  }

  @Test func theIssueExampleAndEveryFaultFlag() throws {
    let options = try PostsServerOptions(arguments: [
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
        == FaultSettings(
          failureRate: 0.3, latency: .milliseconds(200), jitter: .milliseconds(1500),
          malformedRate: 0.1, dropRate: 0.05, failNext: 3, routes: ["/posts", "GET /users/*"]))
  }

  @Test func serviceAndRetryLabFlags() throws {
    let options = try PostsServerOptions(arguments: [
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
    #expect(try PostsServerOptions(arguments: []).configuration.writes == .stored)
  }

  @Test func help() throws {
    #expect(try PostsServerOptions(arguments: ["--help"]).showsHelp)
    #expect(try PostsServerOptions(arguments: ["-h"]).showsHelp)
    for flag in [
      "--fail-rate", "--fail-status", "--retry-after", "--fail-next-routes", "--writes", "--data",
      "--header-timeout", "--max-created", "Where it differs from dummyjson",
    ] {
      #expect(PostsServerOptions.usage.contains(flag))
    }
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["--port"], "missing value for --port"),
    (
      ["--port", "70000"], "invalid value '70000' for --port: expected a whole number in 0...65535"
    ),
    (["--fail-rate", "1.5"], "invalid value '1.5' for --fail-rate: expected a number from 0 to 1"),
    (
      ["--latency", "200"],
      "invalid duration '200' for --latency: expected a number with a unit, like 200ms, 1.5s or 2s"
    ),
    (["--seed", "-1"], "invalid value '-1' for --seed: expected a whole number"),
    (["--quiet=yes"], "--quiet takes no value"),
    (
      ["--routes", "posts"],
      "route 'posts' is not a path pattern like '/posts' or 'GET /posts/*/comments'"
    ),
    (["--idle-timeout", "0"], "--idle-timeout must be longer than 0"),
    (["--header-timeout", "0"], "--header-timeout must be longer than 0"),
    (["--writes", "never"], "invalid value 'never' for --writes: expected stored or dummyjson"),
    (
      ["--fail-status", "429,abc"],
      "invalid value '429,abc' for --fail-status: expected statuses from 400 to 599, like 429 or 500,503"
    ),
    (
      ["--host", "example.com"], "invalid value 'example.com' for --host: expected an IPv4 address"
    ),
  ])
  func badArgumentsGiveOneLineErrors(arguments: [String], message: String) {
    #expect(throws: PostsServerOptionsError(message)) {
      try PostsServerOptions(arguments: arguments)
    }
  }

  @Test(arguments: [
    ("200ms", Duration.milliseconds(200)), ("1.5s", .milliseconds(1500)), ("2s", .seconds(2)),
    ("1m", .seconds(60)), ("0", .zero), ("0.5ms", .microseconds(500)),
  ])
  func durations(text: String, duration: Duration) {
    #expect(DurationParser.parse(text) == duration)
  }

  @Test(arguments: ["", "ms", "5", "-1s", "1.5.2s", "1h", "abc", "1e3ms", "inf s"])
  func invalidDurations(text: String) {
    #expect(DurationParser.parse(text) == nil)
  }
}
