import TetherDiagnostics

/// The service injects the faults of a `FaultPlan` — the one type the devtools' faults dialog,
/// the client's injector and `/_faults` share — changeable while it runs
/// (`PostsServer.updateFaults`, `PUT /_faults`, or the `posts-server` flags at start). A failure
/// answers with a JSON `message`; `truncatedRate` is the `/_faults` field `malformedRate`.
/// Draws come from the server's seeded generator, so a seed and a sequence of requests always
/// give the same faults; the `/_faults` control route is never affected.
///
///     try server.updateFaults {
///       $0.failureRate = 0.3
///       $0.failureStatuses = [429]
///       $0.retryAfter = .seconds(2)
///       $0.latency = .milliseconds(200)
///       $0.routes = ["/posts"]
///     }
///
/// "Fail the next 3 requests of this one resource", leaving the rest alone:
///
///     try server.updateFaults {
///       $0.failNext = 3
///       $0.failNextRoutes = ["GET /posts/5$"]
///     }
extension FaultPlan {
  /// The longest latency or jitter the service holds a request for: a minute. A held request
  /// costs a connection for that long, so a longer one would only help lock the service.
  public static let longestServiceLatency = Duration.seconds(60)
  /// The longest `retryAfter` the service sends: an hour (it is only a header; nothing waits).
  public static let longestServiceRetryAfter = Duration.seconds(3600)

  /// Throws what ``validate()`` throws, or for a latency, jitter or `Retry-After` longer than
  /// the service allows.
  func validateForService() throws(FaultPlanError) {
    try validate()
    for (name, duration) in [("latency", latency), ("jitter", jitter)]
    where !(.zero...Self.longestServiceLatency).contains(duration) {
      throw FaultPlanError("the \(name) must be between 0 and 60 s")
    }
    if let retryAfter, !(.zero...Self.longestServiceRetryAfter).contains(retryAfter) {
      throw FaultPlanError("Retry-After must be between 0 and 1 hour")
    }
  }
}
