import TetherCommandLine
import TetherDiagnostics

/// The command line of `posts-server`: what it parses into, and its declaration
/// (``command``), from which `--help` and the man page are made too.
///
///     let options = PostsServerOptions.command.parseOrExit()
///     let server = try PostsServer.start(options.configuration)
public struct PostsServerOptions: Sendable {
  /// The server to start; without `--port` it listens on 8080.
  public var configuration = PostsServer.Configuration(port: 8080)
  /// Whether to print one line per request (off with `--quiet`).
  public var logsRequests = true
  /// `--data DIR`: the directory to read the data from (`PostsData(contentsOf:)`) into
  /// `configuration.data` before starting; reading is left to the caller, so parsing the
  /// command line does no I/O.
  public var dataDirectory: String?
  /// `--token-file FILE`: where to read the token requests must carry (the caller reads it
  /// into `configuration.access`).
  public var tokenFile: String?

  public init() {}

  /// The longest a connection's timeouts may be set to.
  static let longestTimeout = Duration.seconds(3600)

  public static let command = Command<PostsServerOptions>(
    "posts-server",
    abstract: "A dummyjson-compatible API with fault injection.",
    discussion: """
      It serves /posts, /comments and /users (lists with limit, skip, select, sortBy and order; \
      search; writes; delay=MS on every route). Change faults while it runs: GET or PUT \
      /_faults with a JSON body, e.g.
        curl -X PUT localhost:8080/_faults -d '{"failNext": 3,
          "failureStatuses": [429], "retryAfterSeconds": 2,
          "failNextRoutes": ["GET /posts/5$"]}'
      """,
    defaults: PostsServerOptions(),
    arguments: [
      .option(
        "--host", value: ipv4Address, help: "IPv4 address to bind (default 127.0.0.1)",
        to: \.configuration.host),
      .option(
        "--port", value: .integer(in: 0...65535),
        help: "port to listen on; 0 picks a free one (default 8080)", to: \.configuration.port),
      .option(
        "--data", value: .directory,
        help: "serve DIR/posts.json, users.json and comments.json (dummyjson's data files, or"
          + " saved API answers) instead of the sample data",
        to: \.dataDirectory),
      .option(
        "--writes", value: .choice,
        help: "stored (default): writes change the data and later reads show them; dummyjson:"
          + " writes are echoed as dummyjson does (a new post gets the id after the data's,"
          + " 252; nothing is stored; a delete removes nothing)",
        to: \.configuration.writes),
      .option(
        "--seed", value: .integer(), help: "seed for fault injection (default 1)",
        to: \.configuration.seed),
      .option(
        "--fail-rate", value: .rate,
        help: "share of requests answered with an injected failure, 0...1",
        to: \.configuration.faults.failureRate),
      .option(
        "--fail-status",
        value: .list(of: .integer(in: 400...599))
          .expecting("statuses from 400 to 599, like 429 or 500,503"),
        help: "statuses of injected failures, drawn at random (default 500,503; 429 for rate"
          + " limiting)",
        to: \.configuration.faults.failureStatuses),
      .option(
        "--retry-after", value: .duration(in: .zero...FaultPlan.longestServiceRetryAfter),
        help: "send Retry-After on injected 429 and 503 failures, like 2s",
        to: \.configuration.faults.retryAfter),
      .option(
        "--fail-next", value: .integer(in: 0...Int.max), help: "fail the next N requests",
        to: \.configuration.faults.failNext),
      .option(
        "--fail-next-routes", value: .list(of: .string),
        help: "only count requests to these routes toward --fail-next",
        to: \.configuration.faults.failNextRoutes),
      .option(
        "--latency", value: latency,
        help: "added to every request, like 200ms or 1.5s; at most 60s",
        to: \.configuration.faults.latency),
      .option(
        "--jitter", value: latency, help: "up to this much more latency, at random; at most 60s",
        to: \.configuration.faults.jitter),
      .option(
        "--malformed-rate", value: .rate,
        help: "share of responses with a truncated JSON body, 0...1",
        to: \.configuration.faults.truncatedRate),
      .option(
        "--drop-rate", value: .rate,
        help: "share of requests whose connection is closed unanswered, 0...1",
        to: \.configuration.faults.dropRate),
      .option(
        "--routes", value: .list(of: .string),
        help: "comma-separated routes faults apply to (default all): path prefixes, * for one"
          + " segment, an optional method, $ to match the whole path, e.g."
          + " /posts/search,GET /posts/*/comments,GET /users/1$",
        to: \.configuration.faults.routes),
      .option(
        "--idle-timeout", value: timeout, help: "close connections silent this long (default 10s)",
        to: \.configuration.idleTimeout),
      .option(
        "--header-timeout", value: timeout,
        help: "a request's line and headers must arrive within this of its first byte, however"
          + " it trickles in, or 408 (default 10s)",
        to: \.configuration.headerTimeout),
      .option(
        "--body-timeout", value: timeout,
        help: "its body must arrive within this of the headers (default 30s)",
        to: \.configuration.bodyTimeout),
      .option(
        "--max-connections", value: .integer(in: 1...1_000_000),
        help: "simultaneous connections before answering 503 (default 4096)",
        to: \.configuration.maximumConnections),
      .option(
        "--max-created", value: .integer(in: 1...1_000_000),
        help: "posts, and comments, created through the API that are kept; one more drops the"
          + " oldest created (default 1000)",
        to: \.configuration.maximumCreated),
      .option(
        "--token", value: .string.placeholder("TOKEN"),
        help: "answer only requests carrying TOKEN (Authorization: Bearer TOKEN, or curl -u"
          + " :TOKEN), others 401; other users see it in ps until the server has read it:"
          + " prefer --token-file"
      ) { options, token in options.configuration.access.token = token },
      .option(
        "--token-file", value: .file,
        help: "the same, with the token read from FILE, which only you may read (chmod 600)",
        to: \.tokenFile),
      .flag("--quiet", help: "do not log requests", setting: \.logsRequests, to: false),
    ],
    sections: [
      HelpSection(
        "Who can reach it",
        """
        by default anyone who can connect to --host and --port: on 127.0.0.1 every user of \
        this machine, and web pages open in its browsers, can read and change its posts, \
        comments and faults (GET and PUT /_faults). With --token or --token-file every request \
        must carry the token. posts embeds this service with a random token of its own, and \
        answers only requests that name it by its address. Injected latency and jitter are \
        at most 60s each; a client that hangs up while its request is held back frees its \
        connection at once, and a few connections over --max-connections are kept for \
        /_faults, so faults can always be turned off.
        """),
      HelpSection(
        "Limits",
        """
        request line and headers 16 KiB (431; blank lines before them count), body 1 MiB \
        (413), JSON nested 32 deep (400). Stored writes keep a title of at most 1 KiB, a body \
        of 16 KiB, 20 tags of 64 bytes and comments of 4 KiB (413 beyond). Memory stays \
        bounded: about 20 KiB per connection, 256 MiB of bodies and large responses in flight \
        (503 beyond), and the created records.
        """),
      HelpSection(
        "Where it differs from dummyjson",
        """
        only posts, comments and users (no products, carts, todos, auth...); users are \
        read-only (writes to them are 405) and /users/filter is missing; limit and skip must \
        be whole non-negative numbers (dummyjson also takes 1.5 or an empty value); sorting by \
        an object field (reactions, user) keeps id order, where dummyjson's order is \
        unspecified; stored writes check types and sizes and require a title, where dummyjson \
        takes anything; tag URLs name this server, not dummyjson.com; a trailing slash is \
        served, not redirected (301); request bodies are read as JSON whatever their \
        Content-Type, and Transfer-Encoding (chunked) bodies are refused (501); errors this \
        server adds (405, 408, 413, 431, 503) have their own messages.
        """),
    ],
    validate: { (options) throws(CommandLineError) in
      do throws(FaultPlanError) {
        try options.configuration.faults.validateForService()
      } catch {
        throw CommandLineError(error.description)
      }
      if options.tokenFile != nil, options.configuration.access.token != nil {
        throw CommandLineError("--token and --token-file: give one")
      }
      if options.configuration.access.token?.isEmpty == true {
        throw CommandLineError("--token needs a token")
      }
    })

  /// An injected wait: `200ms`, up to `FaultPlan.longestServiceLatency`.
  static let latency = ValueParser.duration(in: .zero...FaultPlan.longestServiceLatency)

  /// A connection's timeout: longer than 0, at most an hour.
  static let timeout = ValueParser.duration(in: .milliseconds(1)...longestTimeout)

  /// An IPv4 address to bind.
  static let ipv4Address = ValueParser(placeholder: "ADDRESS", expecting: "an IPv4 address") {
    Listener.address(of: $0) != nil ? $0 : nil
  }
}
