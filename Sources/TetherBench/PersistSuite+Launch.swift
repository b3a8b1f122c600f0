import Foundation
import PostsBrowser
import PostsService
import TetherCore
import TetherHTTP

/// `tether-bench persist`: launching `posts` against a stopped server with a cached feed.
extension PersistSuite {
  /// Launch → the first page drawn from the cache, with nothing listening at the server's
  /// port, against the first page over loopback from the embedded service, and against the
  /// process printing its version.
  @concurrent
  static func launchFromCache(in directory: URL) async throws {
    let posts: String
    do {
      posts = try AppSuite.executable("posts")
    } catch {
      Harness.line("launch → first page from the cache", "\(error)")
      return
    }
    let file = directory.appendingPathComponent("launch.sqlite")
    let server = try PostsServer.start(PostsServer.Configuration(port: 0))
    let url = server.baseURL
    let model = await PostsModel.open(
      PostsModel.Configuration(
        baseURL: url, persistsWrites: false, connectivity: ManualCondition(true)),
      cacheFile: file)
    try await model.loadPages(untilLoaded: 30)
    await model.closeCache()
    await server.shutdown()

    let cached = try AppSuite.timeToOutput(
      posts, arguments: ["--url", url.absoluteString, "--cache", file.path],
      marker: "from cache")
    let network = try AppSuite.timeToOutput(posts, arguments: ["--no-cache"], marker: "of 251")
    let version = try AppSuite.timeToOutput(posts, arguments: ["--version"], marker: "posts ")
    Harness.compare(
      "launch → first page from the cache", cached,
      baseline: "first page from the embedded service", network)
    Harness.compare(
      "launch → first page from the cache", cached, baseline: "posts --version printed",
      version)
    report(target: 0.03, cached, "  target < 30 ms, server stopped")
    // `posts --version` is the process floor: loading posts' 55 libraries (libcurl and
    // FoundationNetworking's dependencies among them) and Foundation's start, before any of
    // our code runs. What the cached launch adds to it is ours.
    let ours = cached.wallPerIteration - version.wallPerIteration
    Harness.line(
      "  of which the process floor (--version)",
      Harness.formatDuration(version.wallPerIteration) + "; ours "
        + (ours > 0 ? Harness.formatDuration(ours) : "within the floor's noise"))
  }
}
