import Dispatch
import Foundation
import PostsService
import TetherCommandLine
import TetherSystem
import TetherTerminal

// `posts-server`: the Posts service as a standalone program. See `posts-server --help`.

/// Writes `line` to standard output at once (one `write` per line, so lines from concurrent
/// requests never interleave and show up immediately even when piped).
func emit(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Prints `posts-server: message` on standard error, sanitised (a data file's text may hold
/// escape sequences), and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("posts-server: \(TextSanitizer.sanitize(message))\n".utf8))
  exit(status)
}

let options = PostsServerOptions.command.parseOrExit()

var configuration = options.configuration
if let token = configuration.access.token {
  ProcessArguments.conceal(token)
}
if let file = options.tokenFile {
  do {
    let token = try PrivateFile.readSecret(file).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty else { fail("--token-file \(file) holds no token", status: 2) }
    configuration.access.token = token
  } catch {
    fail("--token-file: \(error)", status: 2)
  }
}
if let directory = options.dataDirectory {
  do {
    configuration.data = try PostsData(contentsOf: URL(fileURLWithPath: directory))
  } catch {
    fail("--data \(directory): \(error)", status: 2)
  }
}
if options.logsRequests {
  configuration.requestLog = { entry in emit(entry.description) }
}
let server: PostsServer
do {
  server = try PostsServer.start(configuration)
} catch {
  fail("\(error)", status: 1)
}
let counts = configuration.data.counts
emit(
  "Posts server listening on \(server.baseURL) (\(counts.posts) posts, \(counts.users) users, "
    + "\(counts.comments) comments; \(configuration.writes.rawValue) writes; "
    + "seed \(configuration.seed); faults: \(server.faults)"
    + (configuration.access.token == nil
      ? "; open to anyone who can connect)" : "; token required)"))

// Stop cleanly on Ctrl-C or SIGTERM: answer requests in progress, then exit.
/// Delivers `signalNumber` into `stream` instead of letting it kill the process.
///
/// A plain function, not top-level code, so the handler is not isolated to the main actor (it
/// runs on a Dispatch queue).
func forward(_ signalNumber: Int32, to stream: AsyncStream<Int32>.Continuation)
  -> any DispatchSourceSignal
{
  signal(signalNumber, SIG_IGN)
  let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
  source.setEventHandler { stream.yield(signalNumber) }
  source.resume()
  return source
}

let (stopSignals, stopContinuation) = AsyncStream<Int32>.makeStream()
let signalSources = [SIGINT, SIGTERM].map { forward($0, to: stopContinuation) }
for await _ in stopSignals {
  emit("Stopping...")
  await server.shutdown()
  exit(0)
}
withExtendedLifetime(signalSources) {}
