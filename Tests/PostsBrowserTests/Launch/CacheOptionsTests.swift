import Foundation
import Testing
import TetherCommandLine

@testable import PostsBrowser

/// `--cache FILE`, `--no-cache`, and where the cache goes by default.
@Suite struct CacheOptionsTests {
  @Test func theCacheIsOnByDefaultUnderTheUsersCacheDirectory() throws {
    let options = try parse([])
    #expect(options.cache == .automatic)
    #expect(
      options.cache.file(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.path
        == "/x/cache/tether/posts.sqlite")
    #expect(
      options.cache.file(environment: ["HOME": "/home/u"])?.path
        == "/home/u/.cache/tether/posts.sqlite")
    // A relative XDG_CACHE_HOME is ignored, as the XDG spec says.
    #expect(
      options.cache.file(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/u"])?.path
        == "/home/u/.cache/tether/posts.sqlite")
    #expect(options.cache.file(environment: [:]) == nil)
  }

  @Test func aFileOrNoneAtAll() throws {
    let file = try parse(["--cache", "/tmp/p.sqlite"])
    #expect(file.cache.file(environment: [:])?.path == "/tmp/p.sqlite")
    #expect(
      try parse(["--cache=/tmp/q.sqlite"]).cache == .file("/tmp/q.sqlite"))
    let none = try parse(["--no-cache"])
    #expect(none.cache.file(environment: ["HOME": "/home/u"]) == nil)
  }

  @Test func aMissingFileNameIsRefused() {
    #expect(throws: CommandLineError("missing value for --cache", command: "posts")) {
      try PostsBrowserOptions.command.parse(["--cache"])
    }
    #expect(
      throws: CommandLineError(
        "invalid value '' for --cache: expected a file name", command: "posts")
    ) {
      try PostsBrowserOptions.command.parse(["--cache="])
    }
  }

  @Test func theHelpListsBoth() {
    #expect(PostsBrowserOptions.command.help.contains("--cache FILE"))
    #expect(PostsBrowserOptions.command.help.contains("--no-cache"))
  }
}
