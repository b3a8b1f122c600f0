/// The command line of `posts-server`, parsed into a server configuration.
///
///     let options = try PostsServerOptions(arguments: ["--port", "8080", "--fail-rate", "0.3"])
///     let server = try PostsServer.start(options.configuration)
///
/// Options take their value as the next argument or after `=` (`--latency=200ms`).
public struct PostsServerOptions: Sendable {
  /// The server to start; without `--port` it listens on 8080.
  public var configuration: PostsServer.Configuration
  /// Whether to print one line per request (off with `--quiet`).
  public var logsRequests: Bool
  /// Whether `--help` was given.
  public var showsHelp: Bool
  /// `--data DIR`: the directory to read the data from (`PostsData(contentsOf:)`) into
  /// `configuration.data` before starting; reading is left to the caller, so parsing the
  /// command line does no I/O.
  public var dataDirectory: String?

  public static let usage = """
    Usage: posts-server [options]

    A dummyjson-compatible API (/posts, /comments, /users: lists with limit, skip, select,
    sortBy and order; search; writes; delay=MS on every route) with fault injection. Change
    faults while it runs: GET or PUT /_faults with a JSON body, e.g.
      curl -X PUT localhost:8080/_faults -d '{"failNext": 3, "failureStatuses": [429],
        "retryAfterSeconds": 2, "failNextRoutes": ["GET /posts/5$"]}'

    Options:
      --host ADDRESS           IPv4 address to bind (default 127.0.0.1)
      --port N                 port to listen on; 0 picks a free one (default 8080)
      --data DIR               serve DIR/posts.json, users.json and comments.json (dummyjson's
                               data files, or saved API answers) instead of the sample data
      --writes stored|dummyjson
                               stored (default): writes change the data and later reads show
                               them; dummyjson: writes are echoed as dummyjson does (a new
                               post gets the id after the data's, 252; nothing is stored; a
                               delete removes nothing)
      --seed N                 seed for fault injection (default 1)
      --fail-rate R            share of requests answered with an injected failure, 0...1
      --fail-status LIST       statuses of injected failures, drawn at random (default 500,503;
                               429 for rate limiting)
      --retry-after DURATION   send Retry-After on injected 429 and 503 failures, like 2s
      --fail-next N            fail the next N requests
      --fail-next-routes LIST  only count requests to these routes toward --fail-next
      --latency DURATION       added to every request, like 200ms or 1.5s
      --jitter DURATION        up to this much more latency, at random
      --malformed-rate R       share of responses with a truncated JSON body, 0...1
      --drop-rate R            share of requests whose connection is closed unanswered, 0...1
      --routes LIST            comma-separated routes faults apply to (default all): path
                               prefixes, * for one segment, an optional method, $ to match the
                               whole path, e.g. /posts/search,GET /posts/*/comments,GET /users/1$
      --idle-timeout DURATION  close connections silent this long (default 10s)
      --header-timeout DURATION
                               a request's line and headers must arrive within this of its
                               first byte, however it trickles in, or 408 (default 10s)
      --body-timeout DURATION  its body must arrive within this of the headers (default 30s)
      --max-connections N      simultaneous connections before answering 503 (default 4096)
      --max-created N          posts, and comments, created through the API that are kept;
                               one more drops the oldest created (default 1000)
      --quiet                  do not log requests
      -h, --help               show this help

    Limits: request line and headers 16 KiB (431; blank lines before them count), body 1 MiB
    (413), JSON nested 32 deep (400). Stored writes keep a title of at most 1 KiB, a body of
    16 KiB, 20 tags of 64 bytes and comments of 4 KiB (413 beyond). Memory stays bounded: about
    20 KiB per connection, 256 MiB of bodies and large responses in flight (503 beyond), and the
    created records.

    Where it differs from dummyjson: only posts, comments and users (no products, carts, todos,
    auth...); users are read-only (writes to them are 405) and /users/filter is missing; limit
    and skip must be whole non-negative numbers (dummyjson also takes 1.5 or an empty value);
    sorting by an object field (reactions, user) keeps id order, where dummyjson's order is
    unspecified; stored writes check types and sizes and require a title, where dummyjson
    takes anything; tag URLs name this server, not dummyjson.com; a trailing slash is served,
    not redirected (301); request bodies are read as JSON whatever their Content-Type, and
    Transfer-Encoding (chunked) bodies are refused (501); errors this server adds (405, 408,
    413, 431, 503) have their own messages.
    """

  /// Parses `arguments` (without the program name); throws on an unknown option or a bad value.
  public init(arguments: [String]) throws(PostsServerOptionsError) {
    configuration = PostsServer.Configuration(port: 8080)
    logsRequests = true
    showsHelp = false
    dataDirectory = nil
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      var inlineValue = parts.count == 2 ? String(parts[1]) : nil
      func value() throws(PostsServerOptionsError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw PostsServerOptionsError("missing value for \(name)")
        }
        return next
      }
      switch name {
      case "-h", "--help": showsHelp = true
      case "--quiet": logsRequests = false
      case "--host":
        configuration.host = try value()
        guard Listener.address(of: configuration.host) != nil else {
          throw PostsServerOptionsError(
            "invalid value '\(configuration.host)' for --host: expected an IPv4 address")
        }
      case "--port": configuration.port = try Self.integer(value(), for: name, in: 0...65535)
      case "--seed":
        let text = try value()
        guard let seed = UInt64(text) else {
          throw PostsServerOptionsError(
            "invalid value '\(text)' for --seed: expected a whole number")
        }
        configuration.seed = seed
      case "--fail-rate": configuration.faults.failureRate = try Self.rate(value(), for: name)
      case "--malformed-rate":
        configuration.faults.malformedRate = try Self.rate(value(), for: name)
      case "--drop-rate": configuration.faults.dropRate = try Self.rate(value(), for: name)
      case "--fail-next":
        configuration.faults.failNext = try Self.integer(value(), for: name, in: 0...Int.max)
      case "--fail-next-routes":
        configuration.faults.failNextRoutes = try value().split(separator: ",").map(String.init)
      case "--fail-status":
        let text = try value()
        configuration.faults.failureStatuses = try text.split(separator: ",").map {
          (status) throws(PostsServerOptionsError) -> Int in
          guard let status = Int(status), (400...599).contains(status) else {
            throw PostsServerOptionsError(
              "invalid value '\(text)' for --fail-status: expected statuses from 400 to 599, like 429 or 500,503"
            )
          }
          return status
        }
      case "--retry-after": configuration.faults.retryAfter = try Self.duration(value(), for: name)
      case "--writes":
        let text = try value()
        guard let mode = WriteMode(rawValue: text) else {
          throw PostsServerOptionsError(
            "invalid value '\(text)' for --writes: expected stored or dummyjson")
        }
        configuration.writes = mode
      case "--data": dataDirectory = try value()
      case "--max-created":
        configuration.maximumCreated = try Self.integer(value(), for: name, in: 1...1_000_000)
      case "--latency": configuration.faults.latency = try Self.duration(value(), for: name)
      case "--jitter": configuration.faults.jitter = try Self.duration(value(), for: name)
      case "--routes":
        configuration.faults.routes = try value().split(separator: ",").map(String.init)
      case "--idle-timeout": configuration.idleTimeout = try Self.timeout(value(), for: name)
      case "--header-timeout": configuration.headerTimeout = try Self.timeout(value(), for: name)
      case "--body-timeout": configuration.bodyTimeout = try Self.timeout(value(), for: name)
      case "--max-connections":
        configuration.maximumConnections = try Self.integer(value(), for: name, in: 1...1_000_000)
      default:
        throw PostsServerOptionsError("unknown option '\(argument)'")
      }
      if inlineValue != nil, ["-h", "--help", "--quiet"].contains(name) {
        throw PostsServerOptionsError("\(name) takes no value")
      }
      inlineValue = nil
    }
    do {
      try configuration.faults.validate()
    } catch {
      throw PostsServerOptionsError(error.description)
    }
  }

  private static func integer(
    _ text: String, for name: String, in range: ClosedRange<Int>
  ) throws(PostsServerOptionsError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw PostsServerOptionsError(
        "invalid value '\(text)' for \(name): expected a whole number in \(range.lowerBound)...\(range.upperBound)"
      )
    }
    return value
  }

  private static func rate(_ text: String, for name: String) throws(PostsServerOptionsError)
    -> Double
  {
    guard let value = Double(text), (0...1).contains(value) else {
      throw PostsServerOptionsError(
        "invalid value '\(text)' for \(name): expected a number from 0 to 1")
    }
    return value
  }

  private static func timeout(_ text: String, for name: String) throws(PostsServerOptionsError)
    -> Duration
  {
    let duration = try duration(text, for: name)
    guard duration > .zero else { throw PostsServerOptionsError("\(name) must be longer than 0") }
    return duration
  }

  private static func duration(_ text: String, for name: String) throws(PostsServerOptionsError)
    -> Duration
  {
    guard let duration = DurationParser.parse(text), duration <= FaultSettings.maximumLatency else {
      throw PostsServerOptionsError(
        "invalid duration '\(text)' for \(name): expected a number with a unit, like 200ms, 1.5s or 2s"
      )
    }
    return duration
  }
}

/// A command line that cannot be used; `description` is a one-line explanation.
public struct PostsServerOptionsError: Error, Equatable, CustomStringConvertible {
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}
