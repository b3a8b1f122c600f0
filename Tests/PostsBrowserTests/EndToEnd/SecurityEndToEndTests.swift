import EndToEndSupport
import Foundation
import Glibc
import PostsService
import Testing

/// Nothing leaks beyond this user: the built `posts` at 80×24 with a log and a cache, run
/// with umask 022 as a user would, against a server with a password.
@Suite(.onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct SecurityEndToEndTests {
  /// The password is nowhere but in memory: not in the log, the cache files, the screen or
  /// the process's command line once read; the files are readable by this user alone.
  @Test func aPasswordInTheURLStaysInMemory() async throws {
    let password = "hunter2-\(UUID().uuidString.prefix(8))"
    let server = try PostsServer.start(PostsServer.Configuration(access: .token(password)))
    defer { Task { await server.shutdown() } }
    let tmux = try TmuxSession(width: 80, height: 24, name: "posts-secret")
    let log = tmux.path("posts.log")
    let cacheFolder = tmux.path("private/cache")
    let url = "http://me:\(password)@127.0.0.1:\(server.port)"
    try await launch(
      tmux, "--url \(url) --log \(log) --cache \(cacheFolder)/posts.sqlite --retries 0")
    var screens = [try await tmux.waitUntil("the feed") { $0.feedTitle.contains("of 251") }]
    // Once read, the password is starred out of the process's arguments, which `ps` shows
    // every user of the machine.
    let arguments = try await onOwnThread { try Self.everyCommandLine() }
    #expect(
      arguments.contains {
        $0.contains("http://me:\(String(repeating: "*", count: password.count))@")
      })
    #expect(!arguments.contains { $0.contains(password) })
    try tmux.press("j", "Enter", "N")
    screens.append(try await tmux.waitUntil("the network log") { $0.text.contains("GET") })
    try await tmux.quitPosts()

    let files = [log] + Self.files(in: cacheFolder)
    #expect(files.count >= 2, "\(files)")
    let basic = Data("me:\(password)".utf8).base64EncodedString()
    for file in files {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
      #expect(bytes.range(of: Data(password.utf8)) == nil, "\(file)")
      #expect(bytes.range(of: Data(basic.utf8)) == nil, "\(file)")
      #expect(Self.mode(file) == 0o600, "\(file)")
    }
    #expect(Self.mode(cacheFolder) == 0o700 && Self.mode(tmux.path("private")) == 0o700)
    let logText = try String(contentsOfFile: log, encoding: .utf8)
    #expect(logText.contains("→ GET http://127.0.0.1:\(server.port)/posts"))
    #expect(logText.contains("Authorization: <redacted>"))
    for screen in screens + [try tmux.screen()] {
      #expect(!screen.text.contains(password))
    }
  }

  /// The embedded service answers its own browser only: curl without the token gets 401, a
  /// wrong Host 403, and another user (nobody) 401.
  @Test func theEmbeddedServiceAnswersItsOwnBrowserOnly() async throws {
    let tmux = try TmuxSession(width: 80, height: 24, name: "posts-embedded")
    let log = tmux.path("posts.log")
    try await launch(tmux, "--log \(log) --no-cache")
    try await tmux.waitUntil("the feed") { $0.feedTitle.contains("of 251") }
    let logText = try String(contentsOfFile: log, encoding: .utf8)
    let match = try #require(logText.firstMatch(of: /→ GET (http:\/\/127\.0\.0\.1:\d+)\/posts/))
    let base = String(match.1)
    #expect(logText.contains("Authorization: <redacted>"))
    let statuses = try await onOwnThread {
      [
        try Self.curl(["\(base)/posts/1"]),
        try Self.curl(["-X", "PUT", "\(base)/_faults", "-d", #"{"failureRate": 1}"#]),
        try Self.curl(["-H", "Host: evil.example", "-X", "POST", "\(base)/posts/add", "-d", "{}"]),
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
          ? try Self.curl(["\(base)/posts/1"], asNobody: true) : "401",
      ]
    }
    #expect(statuses == ["401", "401", "403", "401"])
    // The browser itself is served all along.
    try tmux.press("r")
    try await tmux.waitUntil("the feed again") { $0.feedTitle.contains("of 251") }
    #expect(!(try tmux.screen().text.contains("100%")), "no fault was turned on")
    try await tmux.quitPosts()
  }

  /// An older log that other users could read is made private, and the browser says so once.
  @Test func anOlderReadableLogIsTightenedAndSaidOnScreen() async throws {
    let tmux = try TmuxSession(width: 120, height: 30, name: "posts-log-mode")
    let log = tmux.path("posts.log")
    try Data("an older run\n".utf8).write(to: URL(fileURLWithPath: log))
    chmod(log, 0o644)
    try await launch(tmux, "--log \(log) --no-cache")
    try await tmux.waitUntil(containing: "(0644); it is now 0600")
    #expect(Self.mode(log) == 0o600)
    try await tmux.quitPosts()
  }

  /// Starts `posts` from a script, so that no shell's command line holds its arguments: the
  /// only process with them is `posts` itself.
  private func launch(_ tmux: TmuxSession, _ arguments: String) async throws {
    let script = tmux.path("launch.sh")
    let binary = try builtProduct(named: "posts")
    try Data(
      """
      umask 022
      stty -g > \(tmux.path("before"))
      "\(binary)" \(arguments)
      echo exit=$?
      stty -g > \(tmux.path("after"))

      """.utf8
    ).write(to: URL(fileURLWithPath: script))
    chmod(script, 0o700)
    try await tmux.waitUntil(containing: "e2e$")
    try tmux.run("sh \(script)")
  }

  /// The command line of every process, as `ps` reads it.
  private static func everyCommandLine() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: "/proc").filter { Int($0) != nil }
      .compactMap { try? Data(contentsOf: URL(fileURLWithPath: "/proc/\($0)/cmdline")) }
      .map { String(decoding: $0.map { $0 == 0 ? 32 : $0 }, as: UTF8.self) }
  }

  private static func files(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map { folder + "/" + $0 }
  }

  private static func mode(_ path: String) -> Int? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return Int(status.st_mode & 0o7777)
  }

  /// The status curl gets for `arguments`, as this user or as nobody.
  private static func curl(_ arguments: [String], asNobody: Bool = false) throws -> String {
    let curl = ["/usr/bin/curl", "-s", "-o", "/dev/null", "-w", "%{http_code}"] + arguments
    if asNobody {
      return try Subprocess.run(
        "/usr/bin/setpriv", ["--reuid=nobody", "--regid=nogroup", "--clear-groups"] + curl,
        capturingOutput: true)
    }
    return try Subprocess.run(curl[0], Array(curl.dropFirst()), capturingOutput: true)
  }
}

/// Runs blocking work on a thread of its own, off Swift's cooperative pool.
private func onOwnThread<Value: Sendable>(
  _ body: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}
