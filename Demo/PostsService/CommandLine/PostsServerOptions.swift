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

  public static let usage = """
    Usage: posts-server [options]

    A dummyjson-compatible Posts API (GET /posts, /posts/{id}, /posts/search?q=, ...) with
    fault injection. Change faults while it runs: GET or PUT /_faults with a JSON body.

    Options:
      --host ADDRESS         IPv4 address to bind (default 127.0.0.1)
      --port N               port to listen on; 0 picks a free one (default 8080)
      --seed N               seed for fault injection (default 1)
      --fail-rate R          share of requests answered with 500 or 503, 0...1
      --fail-next N          fail the next N requests
      --latency DURATION     added to every request, like 200ms or 1.5s
      --jitter DURATION      up to this much more latency, at random
      --malformed-rate R     share of responses with a truncated JSON body, 0...1
      --drop-rate R          share of requests whose connection is closed unanswered, 0...1
      --routes LIST          comma-separated routes faults apply to (default all), e.g.
                             /posts/search,GET /posts/*/comments
      --idle-timeout DURATION  close connections silent this long (default 10s)
      --max-connections N    simultaneous connections before answering 503 (default 1024)
      --quiet                do not log requests
      -h, --help             show this help
    """

  /// Parses `arguments` (without the program name); throws on an unknown option or a bad value.
  public init(arguments: [String]) throws(PostsServerOptionsError) {
    configuration = PostsServer.Configuration(port: 8080)
    logsRequests = true
    showsHelp = false
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
      case "--latency": configuration.faults.latency = try Self.duration(value(), for: name)
      case "--jitter": configuration.faults.jitter = try Self.duration(value(), for: name)
      case "--routes":
        configuration.faults.routes = try value().split(separator: ",").map(String.init)
      case "--idle-timeout":
        configuration.idleTimeout = try Self.duration(value(), for: name)
        guard configuration.idleTimeout > .zero else {
          throw PostsServerOptionsError("--idle-timeout must be longer than 0")
        }
      case "--max-connections":
        configuration.maximumConnections = try Self.integer(value(), for: name, in: 1...100_000)
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
