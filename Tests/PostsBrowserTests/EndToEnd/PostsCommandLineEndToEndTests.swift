import EndToEndSupport
import Foundation
import Testing

/// The built `posts` binary refusing to start: a bad flag or a server that does not answer
/// gives one line on standard error and exit code 2, before the terminal is taken over.
@Suite(.onOwnThread)
struct PostsCommandLineEndToEndTests {
  struct Outcome {
    var status: Int32
    var standardOutput: String
    var standardError: String
  }

  /// Runs `posts` with `arguments` and no terminal, and waits (20 s at most) for it to end.
  ///
  /// The outputs go to files, not pipes: a pipe's write end inherited by a process another
  /// test spawns meanwhile would keep the read from ever ending.
  private func run(_ arguments: [String]) throws -> Outcome {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("posts-command-line-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outputURL = directory.appendingPathComponent("stdout")
    let errorURL = directory.appendingPathComponent("stderr")
    try Data().write(to: outputURL)
    try Data().write(to: errorURL)
    let output = try FileHandle(forWritingTo: outputURL)
    let errors = try FileHandle(forWritingTo: errorURL)
    defer {
      try? output.close()
      try? errors.close()
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: try builtProduct(named: "posts"))
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    if exited.wait(timeout: .now() + 20) == .timedOut {
      // SIGKILL, because a process started from a concurrency thread inherits its blocked
      // signal mask and may never see a SIGTERM.
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
      Issue.record("posts \(arguments.joined(separator: " ")) did not end within 20 s")
    }
    return Outcome(
      status: process.terminationStatus,
      standardOutput: try String(contentsOf: outputURL, encoding: .utf8),
      standardError: try String(contentsOf: errorURL, encoding: .utf8))
  }

  /// Runs `posts` with `arguments` on a terminal (tmux), standard error to a file, and waits
  /// for it to end: `--url` is checked once the terminal is known to be usable. The wait's
  /// minute is a guard against a hang, not a measure: a sanitized binary on a loaded machine
  /// takes seconds to start.
  private func runOnATerminal(
    _ arguments: [String], environment: String = ""
  ) async throws -> Outcome {
    let tmux = try TmuxSession(width: 160, height: 10, name: "posts-url")
    let binary = try builtProduct(named: "posts")
    try await tmux.waitUntil(containing: "e2e$")
    let quoted = arguments.map { "\"\($0)\"" }.joined(separator: " ")
    try tmux.run(
      "sh -c '\(environment) \"\(binary)\" \(quoted) 2> \(tmux.path("stderr"));"
        + " echo $? > \(tmux.path("status"))'")
    let status = try #require(try await tmux.file("status", timeout: 60))
    return Outcome(
      status: Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
      standardOutput: "",
      standardError: (try? String(contentsOfFile: tmux.path("stderr"), encoding: .utf8)) ?? "")
  }

  @Test func aBadFlagIsRefusedWithOneLineAndExitCode2() async throws {
    let outcome = try run(["--bogus"])
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError == "posts: unknown option '--bogus' (see posts --help)\n")
  }

  @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
  func anUnreachableURLIsRefusedWithOneLineAndExitCode2() async throws {
    let outcome = try await runOnATerminal(["--url", "http://127.0.0.1:1"])
    let message = "posts: cannot reach http://127.0.0.1:1"
    #expect(outcome.status == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError.hasPrefix(message))
    #expect(outcome.standardError.hasSuffix("\n"))
    #expect(outcome.standardError.dropLast().split(separator: "\n").count == 1)
  }

  /// `--url` says what the server did: a status, the wrong document, or silence.
  @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
  func anUnusableURLSaysWhatHappened() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let base = server.url.absoluteString
    let cases: [(String, String)] = [
      (base + "/status/404/", "posts: the server answered 404 at /status/404/posts: not found"),
      (base + "/echo/", "posts: \(base)/echo/ is not a posts API: missing field posts"),
      (
        base + "/hostile/wrong-shape/",
        "posts: \(base)/hostile/wrong-shape/ is not a posts API: posts is not a list"
      ),
      (base + "/hostile/too-deep/", "posts: \(base)/hostile/too-deep/ is not a posts API:"),
    ]
    for (url, message) in cases {
      let outcome = try await runOnATerminal(["--url", url])
      #expect(outcome.status == 2, "\(url)")
      #expect(outcome.standardError.hasPrefix(message), "\(outcome.standardError)")
      #expect(outcome.standardError.dropLast().split(separator: "\n").count == 1)
    }
  }

  @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
  func aURLThatNeverAnswersIsGivenUpOnWithinSeconds() async throws {
    let server = try HostileServer(mode: .neverAnswer)
    defer { server.stop() }
    let outcome = try await runOnATerminal(["--url", server.url.absoluteString])
    // The idle timeout (5 s) ends the probe, not the transport's minute: the line names the
    // limit that ran out, so nothing here is timed.
    #expect(outcome.status == 2)
    #expect(
      outcome.standardError.hasPrefix(
        "posts: \(server.url.absoluteString) did not answer within 5 s"),
      "\(outcome.standardError)")
  }

  /// A server's message quoted in the one line `posts` prints passes the terminal's sanitiser:
  /// no escape sequence, control character or bidi override reaches the terminal.
  @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
  func aHostileStartupProbeAnswerPrintsNoEscapeByte() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let base = server.url.absoluteString
    let outcome = try await runOnATerminal(["--url", base + "/hostile-message/403/"])
    #expect(outcome.status == 2)
    #expect(
      outcome.standardError.hasPrefix(
        "posts: the server answered 403 at /hostile-message/403/posts: cleared "),
      "\(outcome.standardError)")
    let bytes = Array(outcome.standardError.utf8)
    #expect(!bytes.contains(0x1B) && !bytes.contains(0x07))
    #expect(
      !outcome.standardError.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
    #expect(outcome.standardError.dropLast().split(separator: "\n").count == 1)
  }

  /// The server's user and password come from the URL, the environment or a private file,
  /// reach the server, and are never printed.
  @Test(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
  func credentialsReachTheServerAndAreNeverPrinted() async throws {
    let server = try HostileServer()
    defer { server.stop() }
    let host = "127.0.0.1:\(server.url.port ?? 0)"
    let accepted = "posts: http://\(host)/basic-auth/ is not a posts API: missing field posts\n"

    let fromURL = try await runOnATerminal(["--url", "http://user:pass@\(host)/basic-auth/"])
    #expect(fromURL.standardError == accepted)
    let fromEnvironment = try await runOnATerminal(
      ["--url", "http://\(host)/basic-auth/"], environment: "POSTS_CREDENTIALS=user:pass")
    #expect(fromEnvironment.standardError == accepted)

    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("posts-credentials-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("credentials").path
    try Data("user:pass\n".utf8).write(to: URL(fileURLWithPath: file))
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file)
    let fromFile = try await runOnATerminal(
      ["--url", "http://\(host)/basic-auth/", "--credentials-file", file],
      environment: "POSTS_CREDENTIALS=user:wrong")
    #expect(fromFile.standardError == accepted)
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
    let readable = try await runOnATerminal(
      ["--url", "http://\(host)/basic-auth/", "--credentials-file", file])
    #expect(readable.status == 2)
    #expect(
      readable.standardError
        == "posts: --credentials-file: cannot use \(file): other users can read it (0644); chmod 600 it\n"
    )

    let refused = try await runOnATerminal(["--url", "http://user:wrong@\(host)/basic-auth/"])
    #expect(
      refused.standardError.hasPrefix("posts: the server answered 401 at /basic-auth/posts"))
    for outcome in [fromURL, fromEnvironment, fromFile, refused] {
      #expect(!outcome.standardError.contains("pass") && !outcome.standardError.contains("wrong"))
    }
  }

  @Test func aBadURLIsRepeatedWithoutItsPassword() throws {
    let outcome = try run(["--url", "ftp://me:s3cret@example.com"])
    #expect(outcome.status == 2)
    #expect(
      outcome.standardError
        == "posts: invalid value 'ftp://example.com' for --url: expected an http or https URL"
        + " (see posts --help)\n")
  }
}
