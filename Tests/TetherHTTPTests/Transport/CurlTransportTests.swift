import EndToEndSupport
import Foundation
import Testing

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What only CurlTransport offers or promises.
@Suite("CurlTransport")
struct CurlTransportTests {
  @Test("10,000 requests leave no file descriptor or connection behind")
  func noLeaks() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let client = APIClient(
      baseURL: server.url, defaults: RequestDefaults(timeouts: .loopbackGuard),
      transport: CurlTransport(configuration: .init(maximumConnectionsPerHost: 4, proxies: .none)))
    // Warm up: the event loop's thread, its wake-up descriptors, the first connections.
    try await send(100, through: client)
    let before = openFileDescriptors() - server.openConnections
    try await send(10_000, through: client)
    #expect(socketsConnected(toPort: server.port) <= 4)
    #expect(server.acceptedConnections <= 4)
    let after = openFileDescriptors() - server.openConnections
    // Other tests run meanwhile and open descriptors of their own; a leak per request would
    // show as thousands.
    #expect(after - before < 200)
  }

  private func send(_ count: Int, through client: APIClient) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          for index in stride(from: worker, to: count, by: 4) {
            _ = try await client.send(Endpoint<Post>(.get, "posts/\(index % 30 + 1)"))
          }
        }
      }
      try await group.waitForAll()
    }
  }

  @Test("closing a transport ends its thread, its connections and its descriptors")
  func close() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let before = descriptorsOtherThanTCP()
    for _ in 0..<200 {
      let transport = CurlTransport(configuration: .init(proxies: .none))
      let client = APIClient(
        baseURL: server.url, defaults: RequestDefaults(timeouts: .loopbackGuard),
        transport: transport)
      _ = try await client.send(Endpoint<Post>(.get, "posts/1"))
      await transport.close()
      #expect(socketsConnected(toPort: server.port) == 0)
      // A closed transport answers at once instead of hanging.
      guard case .cancelled = await failure(of: client, Endpoint<Post>(.get, "posts/1")) else {
        Issue.record("a closed transport must fail at once")
        return
      }
    }
    // Each transport had a thread, a multi handle and a wake-up socket pair (two descriptors):
    // a leak would grow this count by 400 or more. Tests running meanwhile in this process open
    // descriptors of their own (100 at once was seen, in a clean clone's run under load),
    // hence the wide margin.
    #expect(descriptorsOtherThanTCP() - before < 200)
  }

  @Test("requests go through the proxy the settings name, except for no_proxy hosts")
  func proxy() async throws {
    let proxy = try HostileServer()
    defer { proxy.stop() }
    let settings = ProxySettings(
      environment: ["http_proxy": proxy.url.absoluteString, "no_proxy": "direct.invalid"])
    let client = APIClient(
      baseURL: URL(string: "http://api.invalid")!,
      defaults: RequestDefaults(timeouts: .loopbackGuard),
      transport: CurlTransport(configuration: .init(proxies: settings)))
    // The proxy (the hostile server) sees the absolute URL and answers /echo-like routes by path.
    let error = await failure(of: client, Endpoint<Void>(.get, "posts/1"))
    #expect(error == nil)
    #expect(proxy.requests.last?.target == "http://api.invalid/posts/1")

    var direct = Endpoint<Void>(.get, "posts/1")
    direct.target = .url(URL(string: "http://direct.invalid/posts/1")!)
    guard case .transportFailed(let urlError) = await failure(of: client, direct) else {
      Issue.record("a no_proxy host must be resolved directly")
      return
    }
    #expect(urlError.code == .cannotFindHost)
  }

  @Test("the environment's proxies: lowercase http_proxy only, either case for https and no_proxy")
  func proxyEnvironment() {
    let settings = ProxySettings(environment: [
      "HTTP_PROXY": "http://ignored:1", "HTTPS_PROXY": "http://secure:2", "NO_PROXY": "localhost",
    ])
    #expect(settings == ProxySettings(http: nil, https: "http://secure:2", noProxy: "localhost"))
    #expect(settings.proxy(forScheme: "https") == "http://secure:2")
    #expect(settings.proxy(forScheme: "http") == nil)
  }

  @Test("TLS is verified: a server that does not speak TLS fails the handshake")
  func tls() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let client = APIClient(
      baseURL: URL(string: "https://127.0.0.1:\(server.port)")!,
      defaults: RequestDefaults(timeouts: .loopbackGuard),
      transport: CurlTransport(configuration: .init(proxies: .none)))
    guard case .transportFailed(let urlError) = await failure(of: client, Endpoint<Void>(.get, "x"))
    else {
      Issue.record("expected a TLS failure")
      return
    }
    #expect(urlError.code == .secureConnectionFailed)
    #expect(urlError.curlCode == 35)
    #expect(CurlTransport.systemCertificateBundle != nil)
  }

  @Test("the response says which HTTP version carried it and where it ended up")
  func responseMetadata() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let transport = CurlTransport(configuration: .init(proxies: .none))
    let response = try await transport.send(
      URLRequest(url: URL(string: server.url.absoluteString + "/redirect/302/posts/2")!))
    #expect(response.statusCode == 200)
    #expect(response.metadata.url?.path == "/posts/2")
    #expect(response.headers["content-type"] == "application/json")
    #expect(server.requests.last?.header("User-Agent")?.hasPrefix("TetherHTTP (libcurl/") == true)
  }

  @Test("a 20 MB body, chunked or not, arrives whole")
  func largeBody() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let client = server.client(TransportKind.curl.make())
    for chunked in ["0", "1"] {
      let body = try await client.send(
        Endpoint<Data>(
          .get, "bytes",
          query: [
            URLQueryItem(name: "count", value: "20000000"),
            URLQueryItem(name: "chunked", value: chunked),
          ]
        ) { data, _ in data })
      #expect(body.count == 20_000_000)
      #expect(body.first == UInt8(ascii: "x") && body.last == UInt8(ascii: "x"))
    }
  }

  @Test("more than 10 redirects fail in words")
  func tooManyRedirects() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let chain = Array(repeating: "302", count: 11).joined(separator: "/")
    let error = await failure(
      of: server.client(TransportKind.curl.make()), Endpoint<Void>(.get, "redirect/\(chain)/echo"))
    #expect(error?.description.contains("the server redirected too many times") == true)
  }

  @Test("credentials do not follow a redirect to another origin")
  func redirectOrigins() {
    var request = URLRequest(url: URL(string: "http://a.test/x")!)
    request.httpMethod = "POST"
    request.httpBody = Data("b".utf8)
    request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
    request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
    let curl = try! CurlRequest(request, limits: TransportLimits())
    let sameOrigin = curl.redirected(status: 307, to: URL(string: "http://a.test/y")!)
    #expect(sameOrigin.headers.contains { $0.name == "Authorization" })
    #expect(sameOrigin.body == Data("b".utf8))
    let elsewhere = curl.redirected(status: 308, to: URL(string: "http://b.test/y")!)
    #expect(!elsewhere.headers.contains { $0.name == "Authorization" })
    #expect(elsewhere.method == "POST")
    let seeOther = curl.redirected(status: 303, to: URL(string: "http://a.test/z")!)
    #expect(seeOther.method == "GET")
    #expect(seeOther.body == nil)
    #expect(!seeOther.headers.contains { $0.name == "Content-Type" })
  }
}
