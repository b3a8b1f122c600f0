import Foundation
import PostsService
import Testing
import TetherCommandLine
import TetherDiagnostics
import TetherTerminal

@testable import PostsBrowser

/// `posts`' declarations: what each flag sets, and how a bad one is refused.
@Suite struct PostsBrowserOptionsTests {
  @Test func defaults() throws {
    let options = try parse([])
    #expect(options == PostsBrowserOptions())
    #expect(options.url == nil && options.pageSize == 10 && options.retries == 3)
    #expect(options.colorMode == .auto)
  }

  @Test func everyFlag() throws {
    let options = try parse([
      "--url", "https://dummyjson.com", "--page-size=20", "--fail-rate", "0.3", "--latency",
      "1.5s", "--fault-routes", "/users, GET /posts/*", "--seed", "7", "--retries", "5", "--color",
      "never", "--log", "/tmp/posts.log", "--no-mouse", "--transport", "urlsession",
      "--timeout", "5s",
    ])
    #expect(options.url == URL(string: "https://dummyjson.com"))
    #expect(options.pageSize == 20)
    #expect(options.faults.failureRate == 0.3)
    #expect(options.faults.latency == .milliseconds(1500))
    #expect(options.faults.routes == ["/users", "GET /posts/*"])
    #expect(options.seed == 7)
    #expect(options.retries == 5)
    #expect(options.colorMode == .never)
    #expect(options.logPath == "/tmp/posts.log")
    #expect(!options.reportsMouse)
    #expect(options.transport == .urlsession)
    #expect(options.timeout == .seconds(5))
    #expect(try parse([]).reportsMouse)
  }

  @Test func helpAndVersionArePrinted() throws {
    let command = PostsBrowserOptions.command
    #expect(try command.parse(["--help"]) == .print(command.help))
    #expect(try command.parse(["--version"]) == .print(PostsBrowserOptions.version))
    #expect(command.help.hasPrefix("Usage: posts [options]\n"))
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["--page-size"], "missing value for --page-size"),
    (
      ["--page-size", "0"],
      "invalid value '0' for --page-size: expected a whole number from 1 to 100"
    ),
    (["--fail-rate", "2"], "invalid value '2' for --fail-rate: expected a number from 0 to 1"),
    (
      ["--latency", "2"],
      "invalid value '2' for --latency: expected a number and a unit, like 300ms, 2s or 1.5m,"
        + " at most \(DurationText.format(FaultPlan.longestServiceLatency))"
    ),
    (
      ["--timeout", "0"],
      "invalid value '0' for --timeout: expected a number and a unit, like 300ms, 2s or 1.5m,"
        + " from 1ms to 10m"
    ),
    (
      ["--color", "sometimes"],
      "invalid value 'sometimes' for --color: expected never, auto or always"
    ),
    (
      ["--url", "ftp://example.com"],
      "invalid value 'ftp://example.com' for --url: expected an http or https URL"
    ),
    (
      ["--retries", "-1"], "invalid value '-1' for --retries: expected a whole number from 0 to 10"
    ),
  ])
  func badFlagsSayWhatIsWrongInOneLine(arguments: [String], message: String) {
    #expect(throws: CommandLineError(message, command: "posts")) {
      try PostsBrowserOptions.command.parse(arguments)
    }
  }
}

/// The options `arguments` give `posts`.
func parse(_ arguments: [String]) throws -> PostsBrowserOptions {
  try #require(try PostsBrowserOptions.command.parse(arguments).options)
}
