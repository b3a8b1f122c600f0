import TetherDiagnostics

/// Which faults the server injects, changeable while it runs (`PostsServer.updateFaults`,
/// `PUT /_faults`, or the `posts-server` flags at start).
///
/// Faults apply to requests whose path matches one of `routes` (all routes when empty); the
/// `/_faults` control route is never affected. For each affected request the server waits
/// `latency` plus a random share of `jitter`, then does at most one of: answer with an injected
/// failure (the next `failNext` requests, otherwise with probability `failureRate`), close the
/// connection without answering (`dropRate`), or send a successful response whose JSON is cut
/// short (`malformedRate`). The failure's status is drawn from `failureStatuses` (500 or 503 by
/// default; `[429]` for rate limiting), and 429 and 503 failures carry `Retry-After` when
/// `retryAfter` is set. Draws come from the server's seeded generator, so a seed and a sequence
/// of requests always give the same faults.
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
public struct FaultSettings: Sendable, Equatable, CustomStringConvertible {
  /// The probability, 0...1, that a request fails with one of `failureStatuses` and a JSON
  /// `message`.
  public var failureRate: Double
  /// The statuses an injected failure answers with, drawn uniformly; 400...599 each, at least
  /// one. Default `[500, 503]`.
  public var failureStatuses: [Int]
  /// Sent as `Retry-After` (whole seconds, rounded up) on injected 429 and 503 failures; `nil`
  /// sends none.
  public var retryAfter: Duration?
  /// Added to every affected request before it is answered.
  public var latency: Duration
  /// Up to this much more latency, uniformly distributed.
  public var jitter: Duration
  /// The probability, 0...1, that a successful response's JSON body is cut short.
  public var malformedRate: Double
  /// The probability, 0...1, that the connection is closed instead of answered.
  public var dropRate: Double
  /// This many next matching requests fail, whatever `failureRate` says; counts down.
  public var failNext: Int
  /// The requests `failNext` counts: those matching these patterns (whatever `routes` says), or
  /// when empty, those `routes` selects.
  public var failNextRoutes: [String]
  /// Path patterns of the affected routes; empty means all. A pattern is a path prefix matched
  /// segment by segment, where `*` matches any one segment, optionally preceded by a method and
  /// optionally ending in `$` to match the whole path only: `/posts` (every posts route),
  /// `/posts/*/comments`, `GET /users`, `GET /posts/5$` (that post, not its comments).
  public var routes: [String]

  /// The longest `latency` or `jitter` accepted: a minute. A held request costs a connection
  /// for that long, so a longer one would only help lock the service.
  public static let maximumLatency = Duration.seconds(60)
  /// The longest `retryAfter` accepted: an hour (it is only a header; nothing waits).
  public static let maximumRetryAfter = Duration.seconds(3600)
  /// The statuses of an injected failure unless told otherwise.
  public static let defaultFailureStatuses = [500, 503]

  /// No faults at all.
  public static let none = FaultSettings()

  public init(
    failureRate: Double = 0, failureStatuses: [Int] = defaultFailureStatuses,
    retryAfter: Duration? = nil, latency: Duration = .zero, jitter: Duration = .zero,
    malformedRate: Double = 0, dropRate: Double = 0, failNext: Int = 0,
    failNextRoutes: [String] = [], routes: [String] = []
  ) {
    self.failureRate = failureRate
    self.failureStatuses = failureStatuses
    self.retryAfter = retryAfter
    self.latency = latency
    self.jitter = jitter
    self.malformedRate = malformedRate
    self.dropRate = dropRate
    self.failNext = failNext
    self.failNextRoutes = failNextRoutes
    self.routes = routes
  }

  /// `none`, or every fault that is on, e.g.
  /// `failure rate 0.3 (429, Retry-After 2s), latency 200.0ms, routes /posts`.
  public var description: String {
    var parts: [String] = []
    if failureRate > 0 { parts.append("failure rate \(failureRate)") }
    if failNext > 0 {
      let scope = failNextRoutes.isEmpty ? "" : " of \(failNextRoutes.joined(separator: ","))"
      parts.append("fail next \(failNext)\(scope)")
    }
    if failureRate > 0 || failNext > 0,
      failureStatuses != Self.defaultFailureStatuses || retryAfter != nil
    {
      var failure = failureStatuses.map(String.init).joined(separator: "/")
      if let retryAfter { failure += ", Retry-After \(RequestLogEntry.format(retryAfter))" }
      parts[parts.count - 1] += " (\(failure))"
    }
    if latency > .zero { parts.append("latency \(RequestLogEntry.format(latency))") }
    if jitter > .zero { parts.append("jitter \(RequestLogEntry.format(jitter))") }
    if malformedRate > 0 { parts.append("malformed rate \(malformedRate)") }
    if dropRate > 0 { parts.append("drop rate \(dropRate)") }
    if parts.isEmpty { return "none" }
    if !routes.isEmpty { parts.append("routes \(routes.joined(separator: ","))") }
    return parts.joined(separator: ", ")
  }

  /// Whether any fault can happen at all.
  var isActive: Bool {
    failureRate > 0 || latency > .zero || jitter > .zero || malformedRate > 0 || dropRate > 0
      || failNext > 0
  }

  /// The `Retry-After` value, in whole seconds, for an injected failure with `status`.
  func retryAfterSeconds(for status: Int) -> Int? {
    guard let retryAfter, status == 429 || status == 503 else { return nil }
    return Int((retryAfter.milliseconds / 1000).rounded(.up))
  }

  /// Throws a `FaultSettingsError` naming the first value out of range.
  public func validate() throws(FaultSettingsError) {
    for (name, rate) in [
      ("failureRate", failureRate), ("malformedRate", malformedRate), ("dropRate", dropRate),
    ] where !(0...1).contains(rate) {
      throw FaultSettingsError("\(name) must be between 0 and 1, not \(rate)")
    }
    for (name, duration) in [("latency", latency), ("jitter", jitter)]
    where !(.zero...Self.maximumLatency).contains(duration) {
      throw FaultSettingsError("\(name) must be between 0 and 60 s")
    }
    if let retryAfter, !(.zero...Self.maximumRetryAfter).contains(retryAfter) {
      throw FaultSettingsError("retryAfter must be between 0 and 1 hour")
    }
    guard !failureStatuses.isEmpty, failureStatuses.allSatisfy({ (400...599).contains($0) }) else {
      throw FaultSettingsError("failureStatuses must be one or more statuses from 400 to 599")
    }
    if failNext < 0 { throw FaultSettingsError("failNext must not be negative") }
    for route in routes + failNextRoutes where !RouteMatcher.isValid(route) {
      throw FaultSettingsError(
        "route '\(route)' is not a path pattern like '/posts' or 'GET /posts/*/comments'")
    }
  }

  /// Whether requests with `method` and `pathSegments` are subject to these faults.
  func affects(method: String, pathSegments: [String]) -> Bool {
    RouteMatcher.matches(routes, method: method, segments: pathSegments, whenEmpty: true)
  }

  /// Whether `failNext` counts requests with `method` and `pathSegments`.
  func countsTowardFailNext(method: String, pathSegments: [String]) -> Bool {
    failNextRoutes.isEmpty
      ? affects(method: method, pathSegments: pathSegments)
      : RouteMatcher.matches(
        failNextRoutes, method: method, segments: pathSegments, whenEmpty: false)
  }
}

/// Fault settings that cannot be applied, with the reason.
public struct FaultSettingsError: Error, Equatable, CustomStringConvertible {
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}
