import Foundation
import Testing

@testable import PostsBrowser

/// `--cache FILE`, `--no-cache`, and where the cache goes by default.
@Suite struct CacheOptionsTests {
  @Test func theCacheIsOnByDefaultUnderTheUsersCacheDirectory() throws {
    let options = try PostsBrowserOptions(arguments: [])
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
    let file = try PostsBrowserOptions(arguments: ["--cache", "/tmp/p.sqlite"])
    #expect(file.cache.file(environment: [:])?.path == "/tmp/p.sqlite")
    #expect(
      try PostsBrowserOptions(arguments: ["--cache=/tmp/q.sqlite"]).cache == .file("/tmp/q.sqlite"))
    let none = try PostsBrowserOptions(arguments: ["--no-cache"])
    #expect(none.cache.file(environment: ["HOME": "/home/u"]) == nil)
  }

  @Test func aMissingFileNameIsRefused() {
    #expect(throws: PostsBrowserOptionsError("missing value for --cache")) {
      try PostsBrowserOptions(arguments: ["--cache"])
    }
    #expect(throws: PostsBrowserOptionsError("--cache needs a file name")) {
      try PostsBrowserOptions(arguments: ["--cache="])
    }
  }

  @Test func theHelpListsBoth() {
    #expect(PostsBrowserOptions.usage.contains("--cache FILE"))
    #expect(PostsBrowserOptions.usage.contains("--no-cache"))
  }
}
