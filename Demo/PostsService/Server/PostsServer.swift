import Foundation
import TetherDiagnostics

/// The Posts service: a dummyjson-compatible HTTP/1.1 server with fault injection, running on
/// its own threads inside the calling process.
///
///     let server = try PostsServer.start(PostsServer.Configuration(seed: 7))
///     print(server.baseURL)            // http://127.0.0.1:41523
///     try server.updateFaults { $0.failureRate = 0.25 }
///     await server.shutdown()
///
/// It runs a fixed number of epoll event loops (one per core, two to eight), so slow or idle
/// clients cost a few kilobytes each and no thread; every phase of a request has a deadline
/// (see `Configuration`), and bodies, responses and created records are bounded in size.
///
/// The server never prints; pass `Configuration.requestLog` to see requests. Shutdown stops
/// accepting, lets requests in progress finish (cutting injected latency and `delay=` short) and
/// closes every connection. A server that is released without `shutdown()` stops the same way,
/// in the background.
public final class PostsServer: Sendable {
  /// The port the server listens on (the chosen one when the configuration asked for 0).
  public let port: Int
  /// `http://<host>:<port>`, with `127.0.0.1` for a server bound to every address.
  public let baseURL: URL
  /// Who the server answers: a client of a server with a token sends it (`Authorization:
  /// Bearer TOKEN`).
  public let access: Access
  private let runtime: ServerRuntime

  private init(runtime: ServerRuntime, host: String) {
    self.runtime = runtime
    access = runtime.access.access
    port = runtime.port
    let urlHost = host == "0.0.0.0" ? "127.0.0.1" : host
    baseURL = URL(string: "http://\(urlHost):\(runtime.port)")!
  }

  /// Binds the socket and starts serving; throws when the address cannot be used or the
  /// configuration is invalid.
  public static func start(_ configuration: Configuration = Configuration())
    throws(PostsServerError)
    -> PostsServer
  {
    let runtime = try ServerRuntime(configuration)
    try runtime.start()
    return PostsServer(runtime: runtime, host: configuration.host)
  }

  /// How many connections hold one of the `maximumConnections` places now: accepted and not
  /// yet closed or lingering (turned-away connections do not count).
  public var openConnections: Int {
    runtime.openConnections
  }

  /// The faults injected now (they change with `updateFaults`, `PUT /_faults`, and as
  /// `failNext` counts down).
  public var faults: FaultPlan {
    runtime.faults.plan
  }

  /// Changes the faults for the requests that follow, at once (requests already held
  /// back keep the faults decided for them); throws and changes nothing when the result is
  /// invalid (a rate outside 0...1, say). Returns the new plan. This is the Swift side of
  /// `PUT /_faults`.
  ///
  ///     try server.updateFaults { $0 = FaultPlan(latency: .milliseconds(300)) }
  ///     try server.updateFaults {            // fail one post's next 3 requests with 503
  ///       $0.failNext = 3
  ///       $0.failNextRoutes = ["GET /posts/5$"]
  ///       $0.failureStatuses = [503]
  ///     }
  @discardableResult
  public func updateFaults(
    _ change: (inout FaultPlan) -> Void
  ) throws(FaultPlanError) -> FaultPlan {
    try runtime.faults.update { change(&$0) }
  }

  /// Stops the server and returns once every connection is closed and the port is free.
  /// Requests in progress are answered first (a client that stops reading its response can
  /// hold this up for the idle timeout). Calling it again returns at once.
  public func shutdown() async {
    runtime.stop.fire()
    runtime.lifecycle.beginStopping()
    await runtime.lifecycle.waitUntilFinished()
  }

  deinit {
    runtime.stop.fire()
    runtime.lifecycle.beginStopping()
  }
}
