import Foundation
import PostsService
import TetherCommandLine
import TetherCore
import TetherDevtools
import TetherHTTP
import TetherInspector
import TetherSystem
import TetherTerminal

/// `posts`: parses the command line, starts the embedded Posts service (or checks the
/// `--url` server), and runs the browser until it quits.
public enum PostsBrowserCommand {
  /// Runs `posts` with `arguments` (without the program name) and returns the exit code of a
  /// run that ends before the browser starts: 0 after `--help` or `--version`, 2 for a bad
  /// command line or an unusable `--url`, 1 for other failures (an unusable terminal). Once
  /// the browser has run, it ends the process itself: 0 after a normal quit, 1 after a
  /// failure.
  ///
  /// Call it from the main actor: the terminal is owned by the caller's thread.
  public static func run(arguments: [String]) async -> Int32 {
    let options: PostsBrowserOptions
    do {
      switch try PostsBrowserOptions.command.parse(arguments) {
      case .run(let parsed): options = parsed
      case .print(let text):
        print(text)
        return 0
      }
    } catch {
      FileHandle.standardError.write(Data((TextSanitizer.sanitize(error.line) + "\n").utf8))
      return 2
    }
    // The server's credentials leave the URL here: from now on nothing that prints, logs or
    // stores the URL can hold them.
    var url = options.url
    var credential: AuthenticationInterceptor.Credential?
    if let given = options.url {
      do {
        let resolved = try ServerCredentials.resolve(
          url: given, file: options.credentialsFile,
          environment: ProcessInfo.processInfo.environment)
        url = resolved.url
        credential = resolved.credentials?.credential
        if let password = resolved.passwordInArguments { ProcessArguments.conceal(password) }
      } catch {
        return fail("\(error)", code: 2)
      }
    }
    unsetenv(ServerCredentials.environmentVariable)
    let log: TerminalLog?
    do {
      log = try options.logPath.map(TerminalLog.init(path:))
    } catch {
      return fail("--log: \(error)", code: 2)
    }
    var logLine: (@Sendable (String) -> Void)?
    if let log {
      logLine = { line in log.write(line) }
    }
    // The terminal before anything else: an unusable one (no TERM, an unknown or dumb one)
    // ends `posts` at once, before a request is sent or a service started, so nothing is in
    // flight that exiting could wait for.
    let screen: NCursesScreen
    do {
      screen = try NCursesScreen(
        options: .init(
          colorMode: options.colorMode, log: log, reportsMouse: options.reportsMouse))
    } catch {
      return fail("\(error)", code: 1)
    }
    let server: PostsServer?
    let model: PostsModel
    let transport = options.transport.make()
    let timeouts = HTTPTimeouts.interactive.limited(toTotal: options.timeout)
    let cacheFile = options.cache.file(environment: ProcessInfo.processInfo.environment)
    if let url {
      server = nil
      model = await PostsModel.open(
        configuration(
          options, baseURL: url, transport: transport, timeouts: timeouts, log: logLine,
          credential: credential),
        cacheFile: cacheFile)
      // With a feed in the cache the browser opens at once, whatever the server does: the
      // feed shows, stale, and says why it cannot be refreshed. Without one, a server that
      // cannot be browsed ends `posts` with one line.
      if model.restoredFeedDate == nil,
        let problem = await problemReaching(
          url, transport: transport, timeouts: timeouts, credential: credential)
      {
        await model.closeCache()
        return fail(problem, code: 2)
      }
    } else {
      do {
        // Only this browser may use it: a random token and its own address, so neither
        // another user of the machine nor a web page can read or change it.
        server = try PostsServer.start(
          PostsServer.Configuration(
            port: 0, faults: options.faults, seed: options.seed,
            requestLog: serverLog(logLine), access: .privateToThisProcess()))
      } catch {
        return fail("cannot start the embedded Posts service: \(error)", code: 1)
      }
      model = await PostsModel.open(
        configuration(
          options, baseURL: server!.baseURL, transport: transport, timeouts: timeouts,
          server: server, log: logLine),
        cacheFile: cacheFile)
    }
    // Take the terminal over before the browser draws or asks for more pages: should that
    // fail, only the feed's first request is in flight.
    do {
      try screen.start()
    } catch {
      await model.closeCache()
      return fail("\(error)", code: 1)
    }
    let app = PostsBrowserApp(model: model)
    app.clipboard = { screen.copyToClipboard($0) }
    if let notice = log?.notice { app.tell(notice) }
    configureDevtools(app, options: options, colors: screen.colorCount)
    // `tether attach PID` shows the browser's stores from another terminal; it stops with
    // the process (its socket is removed at exit).
    var inspector: Inspector?
    if options.inspects {
      do {
        inspector = try app.startInspector()
      } catch {
        app.tell("Not inspectable: \(error)")
      }
    }
    var code: Int32 = 0
    do {
      let loop = try EventLoop(app: app, screen: screen, input: screen)
      let waker = loop.waker
      app.connect { waker.wake() }
      try await loop.run()
    } catch {
      screen.stop()
      code = fail("\(error)", code: 1)
    }
    // The terminal is restored: viewers are told the browser is exiting (and see it exit once
    // it is gone). Write what the cache has not written yet (a local file, at most a second's
    // worth of changes), then end here, with the model alive: releasing it would cancel every
    // request in flight one by one, and quitting must never wait on a request (the process
    // ending closes their connections, and the embedded service's).
    inspector?.stop(exiting: true)
    await model.closeCache()
    exit(code)
  }

  /// The devtools' config file: keys, theme and first panel (which opens the devtools), and
  /// faults unless the command line set some; a bad file is one message, and the defaults.
  private static func configureDevtools(
    _ app: PostsBrowserApp, options: PostsBrowserOptions, colors: Int
  ) {
    var loaded = DevtoolsConfiguration.load(
      file: options.configFile, environment: ProcessInfo.processInfo.environment)
    if options.faults != FaultPlan() {
      loaded.configuration.faults = nil
    }
    app.inspector.theme = DevtoolsTheme(colors: colors)
    if let problem = loaded.problem { app.tell(problem) }
    if let problem = app.inspector.configure(with: loaded.configuration, devtools: app.devtools) {
      app.tell(problem)
    }
    if loaded.configuration.page != nil { app.showDevtools() }
  }

  /// The model's configuration for the command line.
  private static func configuration(
    _ options: PostsBrowserOptions, baseURL: URL, transport: any HTTPTransport,
    timeouts: HTTPTimeouts, server: PostsServer? = nil, log: (@Sendable (String) -> Void)?,
    credential: AuthenticationInterceptor.Credential? = nil
  ) -> PostsModel.Configuration {
    var configuration = PostsModel.Configuration(
      baseURL: baseURL, transport: transport, timeouts: timeouts, pageSize: options.pageSize,
      retries: options.retries, server: server, persistsWrites: server != nil, log: log,
      credential: credential)
    configuration.followsChanges = true
    return configuration
  }

  /// The embedded service's request log, written to the log file when there is one.
  private static func serverLog(
    _ logLine: (@Sendable (String) -> Void)?
  ) -> (@Sendable (RequestLogEntry) -> Void)? {
    guard let logLine else { return nil }
    return { entry in logLine("server \(entry)") }
  }

  /// Why `url` does not answer like a Posts API within the timeouts, as the one line to
  /// print, or nil when it does (a failure worth retrying counts as answering).
  static func problemReaching(
    _ url: URL, transport: any HTTPTransport = CurlTransport.shared,
    timeouts: HTTPTimeouts = .interactive, credential: AuthenticationInterceptor.Credential? = nil
  ) async -> String? {
    let api = APIClient(
      baseURL: url, defaults: RequestDefaults(timeouts: timeouts),
      clientError: .json(ServerMessage.self), transport: transport,
      interceptors: credential.map { credential in [AuthenticationInterceptor { credential }] }
        ?? [])
    let probe = PostsAPI.posts(skip: 0, limit: 1)
    do {
      _ = try await api.send(probe)
      return nil
    } catch {
      // A server that answers with a failure worth retrying (5xx, 429, 408) is a server to
      // browse: the browser opens and its retries meet the failure there, as they would later
      // in the session (a --fail-rate server fails this one request as readily as any other).
      if case .unacceptableStatus = error, error.retryDecision != .doNotRetry { return nil }
      return Describe.probeFailure(error, at: url, path: "posts")
    }
  }

  /// Prints `posts: message` on standard error and returns `code`. The message may quote a
  /// server or a file: credentials in it are redacted, and it passes the terminal's sanitiser
  /// (no escape sequence, control character or bidi override reaches the terminal).
  static func fail(_ message: String, code: Int32) -> Int32 {
    FileHandle.standardError.write(Data(exitLine(message).utf8))
    return code
  }

  /// `posts: message` and a newline, as ``fail(_:code:)`` prints it.
  static func exitLine(_ message: String) -> String {
    "posts: " + TextSanitizer.sanitize(Redaction.standard.text(message)) + "\n"
  }
}
