import Foundation
import Testing
import TetherDiagnostics
import TetherHTTP

@testable import PostsService

/// One event of `GET /posts/changes`.
struct ChangeEvent: Decodable, Sendable, Equatable {
  var change: String
  var id: Int?
  var title: String?
  var fields: [String]?
  var yours: Bool?
}

@Suite("The change stream", .onOwnThread)
struct ChangeStreamTests {
  let changes = StreamEndpoint<ChangeEvent>(.get, "posts/changes")

  func api(_ server: PostsServer, token: String? = nil) -> APIClient {
    var api = server.api(transport: CurlTransport())
    if let token { api.defaults.headers["Authorization"] = "Bearer \(token)" }
    return api
  }

  @Test("a new client is told it is up to date, then sees each change as it is made")
  func liveChanges() async throws {
    try await withServer { (server, client) async throws in
      let api = api(server)
      var events = api.events(changes).makeAsyncIterator()
      #expect(try await events.next() == ChangeEvent(change: "ready"))
      #expect(events.lastEventID == "0")
      #expect(
        try await client.send("PATCH", "/posts/3", json: #"{"title":"Edited"}"#).status == 200)
      #expect(
        try await events.next()
          == ChangeEvent(change: "changed", id: 3, title: "Edited", fields: ["title"]))
      #expect(events.lastEventID == "1")
      #expect(
        try await client.send(
          "POST", "/comments/add", json: #"{"body":"hi","postId":4,"userId":1}"#
        )
        .status == 201)
      #expect(try await events.next() == ChangeEvent(change: "comments", id: 4))
      #expect(try await client.send("DELETE", "/posts/5").status == 200)
      #expect(try await events.next() == ChangeEvent(change: "deleted", id: 5))
    }
  }

  @Test("Last-Event-ID resumes after what the client missed; an unknown id starts it over")
  func resume() async throws {
    try await withServer { (server, client) async throws in
      for title in ["one", "two", "three"] {
        _ = try await client.send("PATCH", "/posts/1", json: #"{"title":"\#(title)"}"#)
      }
      var received: [ChangeEvent] = []
      for try await event in api(server).events(changes, lastEventID: "1") {
        received.append(event)
        if event.change == "ready" { break }
      }
      #expect(
        received == [
          ChangeEvent(change: "changed", id: 1, title: "two", fields: ["title"]),
          ChangeEvent(change: "changed", id: 1, title: "three", fields: ["title"]),
          ChangeEvent(change: "ready"),
        ])
      var restarted = api(server).events(changes, lastEventID: "99").makeAsyncIterator()
      #expect(try await restarted.next() == ChangeEvent(change: "reset"))
      #expect(try await restarted.next() == ChangeEvent(change: "ready"))
      #expect(restarted.lastEventID == "3")
    }
  }

  @Test("faults reach the stream: an injected failure refuses it, a malformed one cuts it")
  func faults() async throws {
    try await withServer(PostsServer.Configuration(faults: FaultPlan(failNext: 1))) {
      (server, _) async throws in
      let api = api(server)
      await #expect {
        for try await _ in api.events(changes, reconnects: false) {}
      } throws: { error in ((error as? HTTPError)?.statusCode ?? 0) >= 500 }
      try server.updateFaults { $0.truncatedRate = 1 }
      await #expect {
        for try await _ in api.events(changes, reconnects: false) {}
      } throws: { error in (error as? HTTPError)?.retryDecision == .retry }
    }
  }

  @Test("a change says which fields it changed and whether the stream's reader made it")
  func fieldsAndAuthor() async throws {
    try await withServer { (server, client) async throws in
      var mine = api(server)
      mine.defaults.headers["X-Posts-Client"] = "browser-1"
      var events = mine.events(changes).makeAsyncIterator()
      #expect(try await events.next() == ChangeEvent(change: "ready"))
      // Someone else (no name) edits the body only; then the reader edits title and body.
      #expect(try await client.send("PATCH", "/posts/3", json: #"{"body":"New"}"#).status == 200)
      let edited = try await events.next()
      #expect(edited?.change == "changed" && edited?.id == 3)
      #expect(edited?.fields == ["body"] && edited?.yours == nil)
      let both = #"{"title":"Mine","body":"Also mine","views":7}"#
      let header = ["X-Posts-Client": "browser-1"]
      #expect(try await client.send("PUT", "/posts/4", json: both, headers: header).status == 200)
      #expect(
        try await events.next()
          == ChangeEvent(
            change: "changed", id: 4, title: "Mine", fields: ["title", "body", "views"],
            yours: true))
      // Nothing changed, nothing told; another client's deletion is not the reader's.
      #expect(try await client.send("PATCH", "/posts/4", json: both).status == 200)
      let other = ["X-Posts-Client": "browser-2"]
      #expect(try await client.send("DELETE", "/posts/4", headers: other).status == 200)
      #expect(try await events.next() == ChangeEvent(change: "deleted", id: 4))
      // A name that is not an identifier is no name.
      let odd = ["X-Posts-Client": "browser 1"]
      #expect(try await client.send("DELETE", "/posts/5", headers: odd).status == 200)
      #expect(try await events.next() == ChangeEvent(change: "deleted", id: 5))
    }
  }

  @Test("a server that stops ends the stream cleanly: clients reconnect rather than fail")
  func cleanEndWhenStopping() async throws {
    let server = try PostsServer.start(PostsServer.Configuration(port: 0).patient())
    var events = api(server).events(changes, reconnects: false).makeAsyncIterator()
    #expect(try await events.next() == ChangeEvent(change: "ready"))
    let stopping = Task { await server.shutdown() }
    #expect(try await events.next() == nil)
    await stopping.value
  }

  @Test("the stream keeps the listener's rules: no token, no stream")
  func access() async throws {
    try await withServer(PostsServer.Configuration(access: .token("s3cret"))) {
      (server, _) async throws in
      await #expect {
        for try await _ in api(server).events(changes) {}
      } throws: { error in (error as? HTTPError)?.statusCode == 401 }
      var events = api(server, token: "s3cret").events(changes).makeAsyncIterator()
      #expect(try await events.next() == ChangeEvent(change: "ready"))
    }
  }
}
