import EndToEndSupport
import Foundation
import PostsService
import Testing
import TetherDiagnostics

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The built `posts` against a Posts service with faults on, in tmux: paging through a post's
/// comments, a comment the server refuses (it leaves again, with the reason), and a second
/// client's edit marked in the feed live.
@Suite(.onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct CommentsAndChangesEndToEndTests {
  /// `method` `path` with a JSON body from another client, retried through injected failures.
  func send(_ method: String, _ path: String, json: String, to server: PostsServer) async throws
    -> Int
  {
    var request = URLRequest(url: server.baseURL.appendingPathComponent(path))
    request.httpMethod = method
    request.httpBody = Data(json.utf8)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    for _ in 0..<20 {
      let (_, response) = try await URLSession.shared.data(for: request)
      let status = (response as? HTTPURLResponse)?.statusCode ?? 0
      if status < 500 { return status }
    }
    return 0
  }

  /// The JSON object at `path`, retried through injected failures.
  func object(_ path: String, from server: PostsServer) async throws -> [String: Any] {
    for _ in 0..<20 {
      let url = URL(string: server.baseURL.absoluteString + "/" + path)!
      let (data, response) = try await URLSession.shared.data(from: url)
      if (response as? HTTPURLResponse)?.statusCode == 200 {
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      }
    }
    throw CancellationError()
  }

  @Test func commentsAtThirtyPercentFaultsAndAnEditMadeElsewhere() async throws {
    let server = try PostsServer.start(
      PostsServer.Configuration(port: 0, faults: FaultPlan(failureRate: 0.3)))
    defer { Task { await server.shutdown() } }
    let tmux = try TmuxSession(width: 100, height: 30, name: "posts-comments")

    // The newest post, with more comments than a page: `m` pages through them, faults retried.
    let postID = 251
    for index in 1...8 {
      let comment = #"{"body":"Comment \#(index) from another client","postId":251,"userId":2}"#
      #expect(try await send("POST", "comments/add", json: comment, to: server) == 201)
    }
    let total = try #require(
      try await object("comments/post/\(postID)?limit=1", from: server)["total"] as? Int)
    try await tmux.launchPosts("--url \(server.baseURL.absoluteString) --retries 5")
    try await tmux.waitUntil("the feed", timeout: 60) { $0.feedTitle.hasSuffix(" of 251") }
    try tmux.press("Enter")
    try await tmux.waitUntil("the first comments", timeout: 60) {
      $0.postText.contains("Comments · 5 of \(total)")
    }
    var shown = min(5, total)
    while shown < total {
      try tmux.press("m")
      shown = min(shown + 5, total)
      let expected = shown
      try await tmux.waitUntil("\(expected) comments", timeout: 60) {
        $0.postText.contains("Comments · \(expected) of \(total)")
      }
    }

    // A refused comment shows, leaves again, and its dialog comes back with the reason.
    try server.updateFaults {
      $0 = FaultPlan(failNext: 1, failNextRoutes: ["POST /comments/add$"])
    }
    try tmux.press("c")
    try await tmux.waitUntil(containing: "Comment on post #\(postID)")
    try tmux.type("Refused by the server")
    try tmux.press("Enter")
    try await tmux.waitUntil("the refusal", timeout: 30) {
      $0.text.contains("Couldn't send:") && $0.text.contains("Refused by the server")
    }
    #expect(
      try await object("comments/post/\(postID)?limit=1", from: server)["total"] as? Int == total)
    // Sent again, it stays: the dialog closes and the service has it.
    try tmux.press("Enter")
    try await tmux.waitUntil("the dialog closed", timeout: 30) {
      !$0.text.contains("Comment on post")
    }
    var saved = total
    for _ in 0..<100 where saved == total {
      saved =
        try await object("comments/post/\(postID)?limit=1", from: server)["total"] as? Int ?? 0
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(saved == total + 1)

    // Another client edits a post: the first marks it, live.
    try tmux.press("Escape", "Escape")
    #expect(
      try await send(
        "PATCH", "posts/250", json: #"{"title":"Edited by another client"}"#, to: server)
        == 200)
    // The stream may be waiting out a reconnection after the 30% faults above cut or refused
    // it: it resumes with Last-Event-ID, so the change arrives, but only after that wait.
    try await tmux.waitUntil("the edit marked", timeout: 90) {
      $0.feedRows.contains { $0.contains("✎ Edited by another client") }
    }
    // An edit of the body alone is marked too: the change says which fields it changed.
    let title = try #require(try await object("posts/249", from: server)["title"] as? String)
    #expect(
      try await send("PATCH", "posts/249", json: #"{"body":"A new body"}"#, to: server) == 200)
    try await tmux.waitUntil("the body edit marked", timeout: 90) {
      $0.feedRows.contains { $0.contains("✎ \(title.prefix(20))") }
    }
    try tmux.press("q")
  }
}
