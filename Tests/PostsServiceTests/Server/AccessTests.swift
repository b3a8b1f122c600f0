import EndToEndSupport
import Foundation
import Glibc
import Testing

@testable import PostsService

/// A server with a token answers only requests that carry it; the embedded service's also
/// answers only requests naming it by its address, so neither another user of the machine
/// nor a web page (DNS rebinding) can read or change it.
@Suite("Access", .onOwnThread)
struct AccessTests {
  @Test func anOpenServerAnswersAnyone() async throws {
    try await withServer { (_, client) async throws in
      #expect(try await client.get("/posts/1").status == 200)
      #expect(try await client.get("/posts/1", headers: ["Host": "evil.example"]).status == 200)
    }
  }

  @Test func aTokenIsRequiredOfEveryRouteFaultsIncluded() async throws {
    try await withServer(PostsServer.Configuration(access: .token("s3cret"))) { server, client in
      let refused = try await client.get("/posts/1")
      #expect(refused.status == 401)
      #expect(refused.header("WWW-Authenticate") == "Bearer realm=\"posts\"")
      #expect(refused.message == "This server needs its token: Authorization: Bearer TOKEN")
      #expect(
        try await client.send("PUT", "/_faults", json: #"{"failureRate": 1}"#).status == 401)
      #expect(server.faults == .none)
      for wrong in ["Bearer s3cre", "Bearer s3cret!", "Basic \(Self.basic("me:wrong"))", "s3cret"] {
        #expect(try await client.get("/posts/1", headers: ["Authorization": wrong]).status == 401)
      }
      #expect(
        try await client.get("/posts/1", headers: ["Authorization": "Bearer s3cret"]).status
          == 200)
      #expect(
        try await client.get(
          "/posts/1", headers: ["Authorization": "Basic \(Self.basic(":s3cret"))"]
        )
        .status == 200)
      #expect(server.access.token == "s3cret")
    }
  }

  @Test func theEmbeddedServiceRefusesOtherHostsAndPages() async throws {
    let access = PostsServer.Access.privateToThisProcess()
    let token = try #require(access.token)
    #expect(token.count == 64 && token != PostsServer.Access.privateToThisProcess().token)
    try await withServer(PostsServer.Configuration(access: access)) { server, client in
      let authorized = ["Authorization": "Bearer \(token)"]
      let post = #"{"title": "from a web page", "userId": 1}"#
      let rebound = try await client.send(
        "POST", "/posts/add", json: post,
        headers: authorized.merging(["Host": "evil.example:\(server.port)"]) { $1 })
      #expect(rebound.status == 403)
      #expect(
        rebound.message
          == "This server answers only to http://127.0.0.1:\(server.port), not to the host 'evil.example:\(server.port)'"
      )
      let page = try await client.send(
        "POST", "/posts/add", json: post,
        headers: authorized.merging(["Origin": "http://evil.example"]) { $1 })
      #expect(page.status == 403)
      #expect(try await client.send("POST", "/posts/add", json: post).status == 401)
      #expect(
        try await client.send("POST", "/posts/add", json: post, headers: authorized).status == 201)
      #expect(
        try await client.get("/posts/1", headers: authorized.merging(["Host": "127.0.0.1"]) { $1 })
          .status == 200)
    }
  }

  /// `setpriv` as nobody: another user of this machine, who can connect but has no token.
  @Test(
    .enabled(
      if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"),
      "needs root, setpriv and curl"))
  func anotherUserIsRefused() async throws {
    try await withServer(PostsServer.Configuration(access: .privateToThisProcess())) {
      server, _ in
      let base = server.baseURL.absoluteString
      let statuses = try await onOwnThread {
        [
          try Self.asNobody(["-s", "-o", "/dev/null", "-w", "%{http_code}", "\(base)/posts/1"]),
          try Self.asNobody([
            "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PUT", "\(base)/_faults", "-d",
            #"{"failureRate": 1}"#,
          ]),
          try Self.asNobody([
            "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PUT", "\(base)/posts/1", "-d",
            #"{"title": "mine now"}"#,
          ]),
        ]
      }
      #expect(statuses == ["401", "401", "401"])
      #expect(server.faults == .none)
    }
  }

  private static func basic(_ credentials: String) -> String {
    Data(credentials.utf8).base64EncodedString()
  }

  /// Runs curl with `arguments` as nobody and returns what it printed.
  private static func asNobody(_ arguments: [String]) throws -> String {
    try Subprocess.run(
      "/usr/bin/setpriv",
      ["--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/curl"] + arguments,
      capturingOutput: true)
  }
}
