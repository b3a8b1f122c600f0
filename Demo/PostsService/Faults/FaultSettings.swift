/// Which faults the server injects, changeable while it runs.
///
/// Faults apply to requests whose path matches one of `routes` (all routes when empty); the
/// `/_faults` control route is never affected. For each affected request the server waits
/// `latency` plus a random share of `jitter`, then at most one of: answers with an injected
/// failure (the next `failNext` requests, otherwise with probability `failureRate`), drops the
/// connection without answering (`dropRate`), or sends a truncated, malformed JSON body
/// (`malformedRate`). Draws come from the server's seeded generator, so a seed and a sequence of
/// requests always give the same faults.
///
///     try server.updateFaults {
///       $0.failureRate = 0.3
///       $0.latency = .milliseconds(200)
///       $0.routes = ["/posts"]
///     }
public struct FaultSettings: Sendable, Equatable, CustomStringConvertible {
  /// The probability, 0...1, that a request fails with 500 or 503 and a JSON `message`.
  public var failureRate: Double
  /// Added to every affected request before it is answered.
  public var latency: Duration
  /// Up to this much more latency, uniformly distributed.
  public var jitter: Duration
  /// The probability, 0...1, that a successful response's JSON body is cut short.
  public var malformedRate: Double
  /// The probability, 0...1, that the connection is closed instead of answered.
  public var dropRate: Double
  /// This many next affected requests fail, whatever `failureRate` says; counts down.
  public var failNext: Int
  /// Path patterns of the affected routes; empty means all. A pattern is a path prefix matched
  /// segment by segment, where `*` matches any one segment, optionally preceded by a method:
  /// `/posts` (every posts route), `/posts/*/comments`, `GET /users`.
  public var routes: [String]

  /// The longest `latency` or `jitter` accepted: one hour.
  public static let maximumLatency = Duration.seconds(3600)

  /// No faults at all.
  public static let none = FaultSettings()

  public init(
    failureRate: Double = 0, latency: Duration = .zero, jitter: Duration = .zero,
    malformedRate: Double = 0, dropRate: Double = 0, failNext: Int = 0, routes: [String] = []
  ) {
    self.failureRate = failureRate
    self.latency = latency
    self.jitter = jitter
    self.malformedRate = malformedRate
    self.dropRate = dropRate
    self.failNext = failNext
    self.routes = routes
  }

  /// `none`, or the settings that are on: `failure rate 0.3, latency 200.0ms, routes /posts`.
  public var description: String {
    var parts: [String] = []
    if failureRate > 0 { parts.append("failure rate \(failureRate)") }
    if failNext > 0 { parts.append("fail next \(failNext)") }
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

  /// Throws a `FaultSettingsError` naming the first value out of range.
  public func validate() throws(FaultSettingsError) {
    for (name, rate) in [
      ("failureRate", failureRate), ("malformedRate", malformedRate), ("dropRate", dropRate),
    ] where !(0...1).contains(rate) {
      throw FaultSettingsError("\(name) must be between 0 and 1, not \(rate)")
    }
    for (name, duration) in [("latency", latency), ("jitter", jitter)]
    where !(.zero...Self.maximumLatency).contains(duration) {
      throw FaultSettingsError("\(name) must be between 0 and 1 hour")
    }
    if failNext < 0 { throw FaultSettingsError("failNext must not be negative") }
    for route in routes where RoutePattern(route) == nil {
      throw FaultSettingsError(
        "route '\(route)' is not a path pattern like '/posts' or 'GET /posts/*/comments'")
    }
  }

  /// Whether requests with `method` and `pathSegments` are subject to these faults.
  func affects(method: String, pathSegments: [String]) -> Bool {
    routes.isEmpty
      || routes.contains {
        RoutePattern($0)?.matches(method: method, pathSegments: pathSegments) ?? false
      }
  }
}

/// Fault settings that cannot be applied, with the reason.
public struct FaultSettingsError: Error, Equatable, CustomStringConvertible {
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}
