import Foundation
import PostsService
import TetherHTTP
import TetherTerminal

/// The command line of `posts`.
///
///     let options = try PostsBrowserOptions(arguments: ["--page-size", "20", "--fail-rate", "0.3"])
///
/// Options take their value as the next argument or after `=` (`--latency=200ms`).
public struct PostsBrowserOptions: Sendable, Equatable {
  /// A dummyjson-compatible server to browse instead of the embedded one.
  public var url: URL?
  public var pageSize = 10
  /// Faults of the embedded service at start.
  public var faults = FaultSettings()
  public var seed: UInt64 = 1
  /// Retries of a failed query.
  public var retries = 3
  public var colorMode = ColorMode.auto
  /// Where to write diagnostics: every request and response.
  public var logPath: String?
  /// Whether clicks and the wheel drive the browser; off (`--no-mouse`), the terminal keeps
  /// its own text selection.
  public var reportsMouse = true
  /// Which HTTP transport sends the requests.
  public var transport = TransportChoice.curl
  /// The longest a request may take before the browser says so (the client's total deadline).
  public var timeout: Duration = HTTPTimeouts.interactive.total
  /// Where the feed and posts are cached between launches.
  public var cache = CacheChoice.automatic
  public var showsHelp = false
  public var showsVersion = false

  public static let version = "posts 1.0.0 (Tether)"

  public static let usage = """
    Usage: posts [options]

    Browse a paginated feed of posts, read and write posts, and watch every store's live
    state. Starts an embedded dummyjson-compatible Posts service unless --url is given.

    Options:
      --url URL            browse a dummyjson-compatible server, e.g. https://dummyjson.com
      --page-size N        posts per page, 1...100 (default 10)
      --fail-rate R        embedded service: share of requests that fail, 0...1
      --latency DURATION   embedded service: latency added to every request, like 300ms
      --fault-routes LIST  embedded service: the routes faults apply to, comma-separated,
                           like /users or "GET /posts/*" (default all)
      --seed N             embedded service: seed of its fault injection (default 1)
      --retries N          retries of a failed query, 0...10 (default 3)
      --color WHEN         never, auto or always (default auto; NO_COLOR is honoured)
      --log FILE           write every request and response to FILE
      --no-mouse           leave the mouse to the terminal (its own text selection)
      --transport NAME     curl (libcurl, the default) or urlsession (FoundationNetworking)
      --timeout DURATION   the longest a request may take, like 5s (default 8s)
      --cache FILE         keep the feed, the posts read and posts written offline in FILE
                           (default $XDG_CACHE_HOME/tether/posts.sqlite)
      --no-cache           start from nothing and keep nothing
      -h, --help           show this help
      --version            show the version

    Keys: press ? in the browser.
    """

  public init() {}

  /// Parses `arguments` (without the program name); throws on an unknown option or a bad value.
  public init(arguments: [String]) throws(PostsBrowserOptionsError) {
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(parts[0])
      let inlineValue = parts.count == 2 ? String(parts[1]) : nil
      func value() throws(PostsBrowserOptionsError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw PostsBrowserOptionsError("missing value for \(name)")
        }
        return next
      }
      switch name {
      case "-h", "--help": showsHelp = true
      case "--version": showsVersion = true
      case "--url": url = try Self.url(try value())
      case "--page-size": pageSize = try Self.integer(try value(), for: name, in: 1...100)
      case "--fail-rate": faults.failureRate = try Self.rate(try value(), for: name)
      case "--latency":
        faults.latency = try Self.duration(
          try value(), for: name, in: .zero...FaultSettings.maximumLatency, limit: "1 hour")
      case "--fault-routes":
        faults.routes = try value().split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
      case "--seed":
        let text = try value()
        guard let seed = UInt64(text) else {
          throw PostsBrowserOptionsError("invalid number for --seed: \(text)")
        }
        self.seed = seed
      case "--retries": retries = try Self.integer(try value(), for: name, in: 0...10)
      case "--color":
        let text = try value()
        guard let mode = ColorMode(rawValue: text) else {
          throw PostsBrowserOptionsError("--color must be never, auto or always, not \(text)")
        }
        colorMode = mode
      case "--log": logPath = try value()
      case "--no-mouse": reportsMouse = false
      case "--transport":
        let text = try value()
        guard let choice = TransportChoice(rawValue: text) else {
          throw PostsBrowserOptionsError("--transport must be curl or urlsession, not \(text)")
        }
        transport = choice
      case "--timeout":
        timeout = try Self.duration(
          try value(), for: name, in: .milliseconds(1)...(.seconds(600)), limit: "10 minutes")
      case "--cache":
        let path = try value()
        guard !path.isEmpty else { throw PostsBrowserOptionsError("--cache needs a file name") }
        cache = .file(path)
      case "--no-cache": cache = .off
      default: throw PostsBrowserOptionsError("unknown option \(name); see posts --help")
      }
    }
  }

  private static func url(_ text: String) throws(PostsBrowserOptionsError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else { throw PostsBrowserOptionsError("--url must be an http or https URL, not \(text)") }
    return url
  }

  private static func integer(
    _ text: String, for name: String, in range: ClosedRange<Int>
  ) throws(PostsBrowserOptionsError) -> Int {
    guard let value = Int(text), range.contains(value) else {
      throw PostsBrowserOptionsError(
        "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(text)"
      )
    }
    return value
  }

  /// A duration such as `2s`, `300ms` or `1.5m` within `range`; the error shows the format.
  private static func duration(
    _ text: String, for name: String, in range: ClosedRange<Duration>, limit: String
  ) throws(PostsBrowserOptionsError) -> Duration {
    guard let duration = DurationParser.parse(text), range.contains(duration) else {
      throw PostsBrowserOptionsError(
        "invalid duration for \(name): \(text) (expected a number and a unit, like 2s or"
          + " 300ms; at most \(limit))")
    }
    return duration
  }

  private static func rate(_ text: String, for name: String) throws(PostsBrowserOptionsError)
    -> Double
  {
    guard let value = Double(text), (0...1).contains(value) else {
      throw PostsBrowserOptionsError("\(name) must be a number from 0 to 1, not \(text)")
    }
    return value
  }
}

/// Where `posts` caches what it read: `--cache FILE`, `--no-cache`, or the default place.
public enum CacheChoice: Sendable, Equatable {
  /// `$XDG_CACHE_HOME/tether/posts.sqlite` (or `~/.cache/tether/posts.sqlite`).
  case automatic
  /// `--cache FILE`.
  case file(String)
  /// `--no-cache`.
  case off

  /// The cache file, or nil for none (`--no-cache`, or no home to put the default in).
  public func file(environment: [String: String]) -> URL? {
    switch self {
    case .automatic: PostsCache.defaultFile(environment: environment)
    case .file(let path): URL(fileURLWithPath: path)
    case .off: nil
    }
  }
}

/// The HTTP transports `posts --transport` chooses from.
public enum TransportChoice: String, Sendable, Equatable {
  /// ``CurlTransport``: libcurl, one event loop for every request.
  case curl
  /// ``URLSessionTransport``: FoundationNetworking.
  case urlsession

  /// The transport itself.
  public func make() -> any HTTPTransport {
    switch self {
    case .curl: CurlTransport.shared
    case .urlsession: URLSessionTransport()
    }
  }
}

/// A command line `posts` cannot run with; its description is the one-line message shown.
public struct PostsBrowserOptionsError: Error, Equatable, CustomStringConvertible {
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}
