import Foundation
import PostsService
import TetherCommandLine
import TetherCore
import TetherDiagnostics
import TetherHTTP
import TetherTerminal

/// The command line of `posts`: what it parses into, and its declaration (``command``), from
/// which `--help` and the man page are made too.
///
///     let options = try PostsBrowserOptions.command.parse(["--page-size", "20"]).options
public struct PostsBrowserOptions: Sendable, Equatable {
  /// A dummyjson-compatible server to browse instead of the embedded one.
  public var url: URL?
  public var pageSize = 10
  /// Faults of the embedded service at start.
  public var faults = FaultPlan()
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
  /// `--credentials-file FILE`: the `--url` server's `user:password`, read at launch.
  public var credentialsFile: String?
  /// Whether `tether attach` may show the browser's stores (an inspector on a socket of this
  /// user's alone).
  public var inspects = true
  /// `--config FILE`: the devtools' config file instead of `$XDG_CONFIG_HOME/tether/config.json`.
  public var configFile: String?

  public static let version = "posts 1.0.0 (Tether)"

  public init() {}

  public static let command = Command<PostsBrowserOptions>(
    "posts",
    abstract: "Browse a paginated feed of posts, read and write posts, and watch every store's"
      + " live state.",
    discussion: "Starts an embedded dummyjson-compatible Posts service unless --url is given.",
    defaults: PostsBrowserOptions(),
    arguments: [
      .option(
        "--url", value: httpURL,
        help: "browse a dummyjson-compatible server, e.g. https://dummyjson.com (a"
          + " user:password@ in it is accepted, but others see it in ps until posts has read"
          + " it: prefer --credentials-file or POSTS_CREDENTIALS)",
        to: \.url),
      .option(
        "--credentials-file", value: .file,
        help: "the --url server's user:password, on the first line of FILE, which only you may"
          + " read (chmod 600)",
        to: \.credentialsFile),
      .option(
        "--page-size", value: .integer(in: 1...100), help: "posts per page, 1...100 (default 10)",
        to: \.pageSize),
    ] + SharedArguments.arguments(faults: \.faults, seed: \.seed, retries: \.retries) + [
      .option(
        "--color", value: .choice, help: "colours (default auto; NO_COLOR is honoured)",
        to: \.colorMode),
      .option(
        "--log", value: .file, help: "write every request and response to FILE", to: \.logPath),
      .flag(
        "--no-mouse", help: "leave the mouse to the terminal (its own text selection)",
        setting: \.reportsMouse, to: false),
      .option(
        "--transport", value: .choice,
        help: "curl (libcurl, the default) or urlsession (FoundationNetworking)", to: \.transport),
      .option(
        "--timeout", value: .duration(in: .milliseconds(1) ... .seconds(600)),
        help: "the longest a request may take, like 5s (default 8s)", to: \.timeout),
      .option(
        "--cache", value: .file,
        help: "keep the feed, the posts read and posts written offline in FILE (default"
          + " $XDG_CACHE_HOME/tether/posts.sqlite)"
      ) { options, path in options.cache = .file(path) },
      .flag(
        "--no-cache", help: "start from nothing and keep nothing", setting: \.cache, to: .off),
      .option(
        "--config", value: .file,
        help: "the devtools' keys, theme, first panel and faults from FILE (default"
          + " $XDG_CONFIG_HOME/tether/config.json); a bad file is said once and the defaults"
          + " used",
        to: \.configFile),
      .flag(
        "--no-inspect",
        help: "start no inspector: tether attach will not see this browser (it listens on a"
          + " socket only you can reach)",
        setting: \.inspects, to: false),
    ],
    environment: [
      EnvironmentVariable(
        ServerCredentials.environmentVariable,
        help: "user:password of the --url server, unless --credentials-file or the URL gives"
          + " them; read once, then removed from the environment"),
      EnvironmentVariable(
        "XDG_CACHE_HOME", help: "where the cache goes (default ~/.cache): tether/posts.sqlite"),
      EnvironmentVariable(
        "XDG_STATE_HOME",
        help: "where the devtools save exports (default ~/.local/state): tether/exports"),
      EnvironmentVariable(
        "XDG_CONFIG_HOME",
        help: "where the devtools' config file is (default ~/.config): tether/config.json"),
      EnvironmentVariable("NO_COLOR", help: "no colours, with --color auto"),
    ],
    sections: [
      HelpSection("Keys", "press ? in the browser."),
      HelpSection(
        "Files",
        """
        the cache, the log and exports are readable by you alone (0600, in folders made \
        0700); an older cache or log others could read is tightened, and said once.
        """),
    ],
    version: version,
    validate: { (options) throws(CommandLineError) in
      if options.credentialsFile != nil, options.url == nil {
        throw CommandLineError("--credentials-file is for a --url server")
      }
    })

  /// An http or https URL with a host; an error repeats it without its password. `posts-watch`
  /// reads its `--url` with it too.
  public static let httpURL = ValueParser(placeholder: "URL", expecting: "an http or https URL") {
    (text: String) -> URL? in
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else { return nil }
    return url
  }.showingInput { Redaction.standard.url($0) }
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
public enum TransportChoice: String, Sendable, Equatable, CaseIterable {
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
