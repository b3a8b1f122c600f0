import Foundation
import Testing
import TetherTerminal

@testable import PostsBrowser

@Suite struct PostsBrowserOptionsTests {
  @Test func defaults() throws {
    let options = try PostsBrowserOptions(arguments: [])
    #expect(options == PostsBrowserOptions())
    #expect(options.url == nil && options.pageSize == 10 && options.retries == 3)
    #expect(options.colorMode == .auto)
  }

  @Test func everyFlag() throws {
    let options = try PostsBrowserOptions(arguments: [
      "--url", "https://dummyjson.com", "--page-size=20", "--fail-rate", "0.3", "--latency",
      "1.5s", "--fault-routes", "/users, GET /posts/*", "--seed", "7", "--retries", "5", "--color",
      "never", "--log", "/tmp/posts.log", "--no-mouse",
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
    #expect(try PostsBrowserOptions(arguments: []).reportsMouse)
    #expect(try PostsBrowserOptions(arguments: ["--help"]).showsHelp)
    #expect(try PostsBrowserOptions(arguments: ["--version"]).showsVersion)
  }

  @Test(arguments: [
    (["--bogus"], "unknown option --bogus; see posts --help"),
    (["--page-size"], "missing value for --page-size"),
    (["--page-size", "0"], "--page-size must be a whole number from 1 to 100, not 0"),
    (["--fail-rate", "2"], "--fail-rate must be a number from 0 to 1, not 2"),
    (
      ["--latency", "2"],
      "invalid duration for --latency: 2 (expected a number and a unit, like 2s or 300ms;"
        + " at most 1 hour)"
    ),
    (
      ["--timeout", "0"],
      "invalid duration for --timeout: 0 (expected a number and a unit, like 2s or 300ms;"
        + " at most 10 minutes)"
    ),
    (["--color", "sometimes"], "--color must be never, auto or always, not sometimes"),
    (["--url", "ftp://example.com"], "--url must be an http or https URL, not ftp://example.com"),
    (["--retries", "-1"], "--retries must be a whole number from 0 to 10, not -1"),
  ])
  func badFlagsSayWhatIsWrongInOneLine(arguments: [String], message: String) {
    #expect(throws: PostsBrowserOptionsError(message)) {
      try PostsBrowserOptions(arguments: arguments)
    }
  }
}
