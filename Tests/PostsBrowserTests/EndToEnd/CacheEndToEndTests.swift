import EndToEndSupport
import Foundation
import PostsService
import Testing

/// The built `posts` in tmux over a Posts service this test stops and starts: browse, quit,
/// start again with the server stopped — the feed is there, from the cache — start the server,
/// and the feed revalidates.
@Suite(.onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct CacheEndToEndTests {
  @Test func theFeedIsThereWithTheServerStoppedAndRevalidatesWhenItIsBack() async throws {
    let server = try PostsServer.start(PostsServer.Configuration(port: 0))
    let first = try TmuxSession(width: 120, height: 35, name: "posts-cache-1")
    let cache = first.path("posts.sqlite")
    let arguments = "--url \(server.baseURL.absoluteString) --cache \(cache) --retries 0"
    try await first.launchPosts(arguments)
    try await first.waitUntil("the feed") { $0.feedTitle.hasPrefix("Posts · 30 of 251") }
    try first.press("j", "Enter")
    try await first.waitUntil("post #250") { $0.postTitle.hasPrefix("Post #250") }
    try await first.quitPosts()
    await server.shutdown()

    let second = try TmuxSession(width: 120, height: 35, name: "posts-cache-2")
    try await second.launchPosts(arguments)
    let cached = try await second.waitUntil("the cached feed") {
      $0.feedTitle.hasPrefix("Posts · 30 of 251") && $0.text.contains("from cache · ")
    }
    #expect(cached.feedRows.first?.contains("My cat") == true)
    // The post read last time, from the cache too, while its refetch fails.
    try second.press("j", "Enter")
    try await second.waitUntil("post #250 from the cache") {
      $0.postTitle.hasPrefix("Post #250") && $0.postText.contains("views")
    }

    let restarted = try PostsServer.start(PostsServer.Configuration(port: server.port))
    try second.press("1", "r")
    try await second.waitUntil(notContaining: "from cache")
    try await second.quitPosts()
    await restarted.shutdown()
    _ = first
  }
}
