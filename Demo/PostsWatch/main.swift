import Foundation
import PostsBrowser
import PostsService
import TetherCommandLine
import TetherCore
import TetherDiagnostics
import TetherDiagnosticsHTTP
import TetherHTTP
import TetherInspector

/// `posts-watch`: a headless TetherCore program — no terminal UI — that `tether attach` shows.
let options = PostsWatchOptions.command.parseOrExit()

/// Prints `line` at once, even into a pipe (a test reads it as it comes).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String, code: Int32) -> Never {
  FileHandle.standardError.write(Data("posts-watch: \(Redaction.standard.text(message))\n".utf8))
  exit(code)
}

let server: PostsServer?
let baseURL: URL
if let url = options.url {
  server = nil
  baseURL = url
} else {
  do {
    server = try PostsServer.start(
      PostsServer.Configuration(
        port: 0, faults: options.faults, seed: options.seed, access: .privateToThisProcess()))
  } catch {
    fail("cannot start the embedded Posts service: \(error)", code: 1)
  }
  baseURL = server!.baseURL
}

var defaults = OperationDefaults()
defaults.queryRetryLimit = options.retries
let client = OperationClient(defaults: defaults)
let network = NetworkLog()
// Faults a viewer sets: the embedded service's own, or the client's in front of a --url
// server; "fail next" of one store is always the client's.
let clientFaults = ClientFaultInjector()
let faults: any FaultTarget = server.map(ServerFaults.init) ?? clientFaults
let token = server?.access.token
let api = APIClient(
  baseURL: baseURL, defaults: RequestDefaults(timeouts: .interactive),
  transport: clientFaults.wrapping(CurlTransport.shared),
  interceptors: token.map { token in [AuthenticationInterceptor { .bearer(token) }] } ?? [],
  observers: options.inspects ? [NetworkLogObserver(network)] : [])

var inspector: Inspector?
if options.inspects {
  do {
    inspector = try Inspector.start(
      client: client, name: "posts-watch", network: network, faults: faults,
      storeFaults: clientFaults)
    say("inspect it: tether attach \(getpid())")
  } catch {
    say("posts-watch: not inspectable: \(error)")
  }
}
let feedURL = baseURL.appendingPathComponent("posts").absoluteString
say("watching \(Redaction.standard.url(feedURL)) every \(DurationText.format(options.every))")
let watcher = FeedWatcher(client: client, api: api, interval: options.every, limit: options.limit)

// Until SIGINT, SIGTERM or SIGHUP (its terminal closed): the inspector's socket is removed
// on the way out.
signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
signal(SIGHUP, SIG_IGN)
let stop = DispatchSemaphore(value: 0)
let signals = [SIGINT, SIGTERM, SIGHUP].map { number in
  let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
  source.setEventHandler { stop.signal() }
  source.resume()
  return source
}
await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
  Thread.detachNewThread {
    stop.wait()
    continuation.resume()
  }
}
inspector?.stop(exiting: true)
_ = (watcher, signals)
exit(0)
