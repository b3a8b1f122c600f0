import Foundation

extension PostsServer {
  /// Who the server answers. A server on the loopback address can still be reached by every
  /// user of the machine, and by web pages (a page that guesses the port, or renames itself to
  /// 127.0.0.1 by DNS rebinding); these checks keep it to whoever was given its token.
  ///
  ///     PostsServer.Configuration(access: .privateToThisProcess())   // the embedded service
  ///     PostsServer.Configuration(access: .token("s3cret"))          // posts-server --token
  public struct Access: Sendable, Equatable {
    /// A secret every request must carry, as `Authorization: Bearer TOKEN` or as the password
    /// of Basic authentication (any user name: `curl -u :TOKEN`); without it the answer is
    /// 401. Nil: anyone who can connect is answered.
    public var token: String?
    /// Whether a request must name the server by the address it listens on (`Host:
    /// 127.0.0.1:PORT`), and come from no web page but its own (`Origin`, when sent): a name
    /// a page chose (`evil.example`, rebound to 127.0.0.1) is answered 403.
    public var requiresOwnHost: Bool

    public init(token: String? = nil, requiresOwnHost: Bool = false) {
      self.token = token
      self.requiresOwnHost = requiresOwnHost
    }

    /// Anyone who can connect: `posts-server`'s default, as dummyjson is.
    public static let open = Access()

    /// Requests must carry `token`.
    public static func token(_ token: String) -> Access {
      Access(token: token)
    }

    /// For a service only its own process uses: a random token of 256 bits, made now, and the
    /// host check. Give the token to the process's client (``PostsServer/access``).
    public static func privateToThisProcess() -> Access {
      var generator = SystemRandomNumberGenerator()
      let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
      let token = bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined()
      return Access(token: token, requiresOwnHost: true)
    }
  }
}

/// The checks of a server's ``PostsServer/Access`` on each request, before anything else is
/// done with it (faults included).
struct AccessCheck: Sendable {
  let access: PostsServer.Access
  /// The `Host` values a request may carry: the listening address, with and without its port.
  let hosts: Set<String>
  /// The `Origin` a page of the server's own would send.
  let origin: String

  init(_ access: PostsServer.Access, host: String, port: Int) {
    self.access = access
    let address = host == "0.0.0.0" ? "127.0.0.1" : host
    hosts = ["\(address):\(port)", address]
    origin = "http://\(address):\(port)"
  }

  /// The answer to a request the access refuses; nil for one it lets through.
  func refusal(of request: HTTPRequest) -> HTTPResponse? {
    if access.requiresOwnHost {
      let host = request.header("host")?.lowercased() ?? ""
      guard hosts.contains(host) else {
        return .message(
          "This server answers only to \(origin), not to the host '\(host)'", status: 403)
      }
      if let sent = request.header("origin"), sent.lowercased() != origin {
        return .message("This server answers no web page but its own", status: 403)
      }
    }
    if let token = access.token, !Self.carries(token, request.header("authorization")) {
      var response = HTTPResponse.message(
        "This server needs its token: Authorization: Bearer TOKEN", status: 401)
      response.headers.append(("WWW-Authenticate", "Bearer realm=\"posts\""))
      return response
    }
    return nil
  }

  /// Whether `authorization` is `Bearer TOKEN`, or Basic with `TOKEN` as the password.
  private static func carries(_ token: String, _ authorization: String?) -> Bool {
    guard let authorization else { return false }
    let parts = authorization.split(separator: " ", maxSplits: 1)
    guard parts.count == 2 else { return false }
    switch parts[0].lowercased() {
    case "bearer":
      return constantTimeEqual(Array(parts[1].utf8), Array(token.utf8))
    case "basic":
      guard let decoded = Data(base64Encoded: String(parts[1])),
        let colon = decoded.firstIndex(of: UInt8(ascii: ":"))
      else { return false }
      return constantTimeEqual(Array(decoded[decoded.index(after: colon)...]), Array(token.utf8))
    default:
      return false
    }
  }

  /// Compares every byte whatever differs first, so the time taken tells nothing of the token.
  private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
