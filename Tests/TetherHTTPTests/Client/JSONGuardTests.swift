import EndToEndSupport
import Foundation
import Testing
import TetherCore
import TetherJSON

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Every parse path meets the JSON limits before a parser sees the body.
@Suite("JSON limits in the client")
struct JSONGuardTests {
  let transport = MockTransport()
  let trap = String(repeating: "[", count: 513)

  func client() -> APIClient {
    APIClient(
      baseURL: baseURL, clientError: .json(APIMessage.self), transport: transport,
      clock: TestClock())
  }

  @Test("513 [ never reaches JSONDecoder: a decoding failure that says why")
  func decodable() async throws {
    transport.respond(to: .get, "/v1/posts/1", with: .text(trap))
    let error = await failure(of: client(), Endpoint<Post>(.get, "posts/1"))
    guard case .decodingFailed(let failure) = error else {
      Issue.record("expected a decoding failure, got \(String(describing: error))")
      return
    }
    #expect(failure.typeName == "Post")
    #expect(
      failure.reason
        == "arrays and objects nest more than 128 levels deep at line 1, column 129 (byte 128)")
    #expect(failure.bodyPrefix.hasPrefix("[[[["))
  }

  @Test("a custom parser built on JSONSerialization is guarded too")
  func customParser() async throws {
    transport.respond(to: .get, "/v1/any", with: .text(trap))
    let parsed = Recorder<Bool>()
    let endpoint = Endpoint<Int>(.get, "any") { data, _ in
      parsed.append(true)
      return (try JSONSerialization.jsonObject(with: data) as? [Any])?.count ?? 0
    }
    guard case .decodingFailed = await failure(of: client(), endpoint) else {
      Issue.record("expected a decoding failure")
      return
    }
    #expect(parsed.elements.isEmpty)
    // `map` keeps the guard.
    guard case .decodingFailed = await failure(of: client(), endpoint.map { $0 + 1 }) else {
      Issue.record("expected a decoding failure")
      return
    }
  }

  @Test("text that is not JSON fails a decoded endpoint there, and reaches a custom parser")
  func textThatIsNotJSON() async throws {
    transport.respond(to: .get, "/v1/robots.txt", with: .text("User-agent: *\nDisallow: /"))
    let error = await failure(of: client(), Endpoint<Post>(.get, "robots.txt"))
    guard case .decodingFailed(let failure) = error else {
      Issue.record("expected a decoding failure, got \(String(describing: error))")
      return
    }
    #expect(failure.reason == "unexpected 'U' at line 1, column 1 (byte 0)")
    let robots = Endpoint<String>(.get, "robots.txt") { data, _ in
      String(decoding: data, as: UTF8.self)
    }
    #expect(try await client().send(robots) == "User-agent: *\nDisallow: /")
  }

  @Test("a hostile error body keeps its status and raw body, without a decoded client error")
  func clientErrorBody() async throws {
    transport.respond(to: .get, "/v1/posts/2", with: .text(trap, statusCode: 404))
    guard
      case .unacceptableStatus(let status) = await failure(
        of: client(), Endpoint<Post>(.get, "posts/2"))
    else {
      Issue.record("expected the status failure")
      return
    }
    #expect(status.statusCode == 404)
    #expect(status.clientError == nil)
    #expect(status.body.count == 513)
  }

  @Test("limits are the endpoint's, else the client's; a Void endpoint reads no body")
  func configurable() async throws {
    transport.respond(to: .get, "/v1/nested", with: .text("[[[1]]]"))
    var client = client()
    let nested = Endpoint<[[[Int]]]>(.get, "nested")
    #expect(try await client.send(nested) == [[[1]]])
    client.defaults.jsonLimits = JSONLimits(maximumDepth: 2)
    guard case .decodingFailed = await failure(of: client, nested) else {
      Issue.record("the client's limits apply")
      return
    }
    var generous = nested
    generous.jsonLimits = JSONLimits(maximumDepth: 3)
    #expect(try await client.send(generous) == [[[1]]])
    transport.respond(to: .delete, "/v1/posts/1", with: .text(trap))
    try await client.send(Endpoint<Void>(.delete, "posts/1"))
  }

  @Test("a body over the endpoint's size cap is refused")
  func sizeCap() async throws {
    transport.respond(to: .get, "/v1/big", with: .text(String(repeating: "x", count: 2_000)))
    var endpoint = Endpoint<Data>(.get, "big") { data, _ in data }
    endpoint.maximumResponseSize = 1_000
    guard case .responseTooLarge(let limit) = await failure(of: client(), endpoint) else {
      Issue.record("expected responseTooLarge")
      return
    }
    #expect(limit == 1_000)
    #expect(HTTPError.responseTooLarge(limit: 1_000).retryDecision == .doNotRetry)
  }

  /// The browser's own shapes, in small.
  struct Page: Decodable, Sendable {
    var posts: [Post]
    var total: Int
  }

  @Test(
    "every hostile document ends in an HTTPError, never a crash",
    arguments: [
      HostileMode.tooDeep, .nested, .truncated, .wrongShape, .invalidUTF8, .resetMidBody,
      .overCap, .basicChallenge,
    ])
  func hostileDocuments(_ mode: HostileMode) async throws {
    let server = try HostileServer(mode: mode)
    defer { server.stop() }
    let client = server.client(TransportKind.curl.make(), clientError: .json(APIMessage.self))
    for endpoint in [
      Endpoint<Page>(.get, "posts"),
      Endpoint<Post>(.get, "posts/1").map { Page(posts: [$0], total: 1) },
    ] {
      let error = await failure(of: client, endpoint)
      switch (mode, error) {
      case (.tooDeep, .decodingFailed(let failure)), (.nested, .decodingFailed(let failure)):
        #expect(failure.reason.contains("more than 128 levels deep"))
      case (.truncated, .decodingFailed), (.wrongShape, .decodingFailed),
        (.invalidUTF8, .decodingFailed):
        break
      case (.resetMidBody, .transportFailed(let urlError)):
        #expect(urlError.code == .networkConnectionLost)
      case (.overCap, .responseTooLarge), (.basicChallenge, .unacceptableStatus):
        break
      default:
        Issue.record("\(mode): unexpected \(String(describing: error))")
      }
      // Whatever the body held, the description is safe to print.
      #expect(
        error?.description.unicodeScalars.allSatisfy {
          $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value)
        } == true)
    }
  }

  @Test("huge titles, huge arrays and control characters decode, and describe safely")
  func hugeButValid() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let client = server.client(TransportKind.curl.make())
    let title = try await client.send(Endpoint<Post>(.get, "hostile/huge-title/posts/1"))
    #expect(title.title.utf8.count > 9_000_000)
    let page = try await client.send(Endpoint<Page>(.get, "hostile/huge-array/posts"))
    #expect(page.posts.count == 100_000)
    let control = try await client.send(Endpoint<Post>(.get, "hostile/control-characters/posts/1"))
    #expect(control.title.contains("\u{0}") && control.title.contains("\u{1B}[2J"))
    #expect(!TextExcerpt.sanitized(control.title).contains("\u{1B}"))
  }
}
