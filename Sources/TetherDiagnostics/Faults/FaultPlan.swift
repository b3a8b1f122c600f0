import TetherCore

/// Faults to inject into HTTP requests, for watching retries: what the faults dialog edits and
/// a ``FaultTarget`` applies — the embedded server of a demo, or a client-side injector in
/// front of any server.
///
/// For each affected request (those matching ``routes``; all when empty): wait ``latency``
/// plus up to ``jitter``, then at most one of: fail with one of ``failureStatuses`` (the next
/// ``failNext`` requests, otherwise with probability ``failureRate``), drop the connection
/// (``dropRate``), or cut the JSON of a successful response short (``truncatedRate``). 429
/// and 503 failures carry `Retry-After` when ``retryAfter`` is set.
///
/// ```swift
/// var plan = FaultPlan()
/// plan.failureRate = 1
/// plan.failureStatuses = [429]
/// plan.retryAfter = .seconds(2)
/// try faults.apply(plan)
/// ```
public struct FaultPlan: Sendable, Hashable {
  /// The probability, 0...1, that a request fails.
  public var failureRate: Double
  /// The statuses a failure answers with, drawn uniformly.
  public var failureStatuses: [Int]
  /// `Retry-After` on 429 and 503 failures; nil sends none.
  public var retryAfter: Duration?
  /// This many next matching requests fail, whatever the rate says.
  public var failNext: Int
  /// The requests ``failNext`` counts (route patterns); all affected ones when empty.
  public var failNextRoutes: [String]
  /// Route patterns of the affected requests (`/posts`, `GET /posts/*`, `/posts/5$`); all when
  /// empty.
  public var routes: [String]
  public var latency: Duration
  /// Up to this much more latency, uniformly.
  public var jitter: Duration
  /// The probability, 0...1, that a successful response's JSON is cut short.
  public var truncatedRate: Double
  /// The probability, 0...1, that the connection is dropped instead of answered.
  public var dropRate: Double

  /// The statuses of a failure unless told otherwise.
  public static let defaultFailureStatuses = [500, 503]

  /// A plan of the given faults; the defaults inject none.
  public init(
    failureRate: Double = 0, failureStatuses: [Int] = defaultFailureStatuses,
    retryAfter: Duration? = nil, failNext: Int = 0, failNextRoutes: [String] = [],
    routes: [String] = [], latency: Duration = .zero, jitter: Duration = .zero,
    truncatedRate: Double = 0, dropRate: Double = 0
  ) {
    self.failureRate = failureRate
    self.failureStatuses = failureStatuses
    self.retryAfter = retryAfter
    self.failNext = failNext
    self.failNextRoutes = failNextRoutes
    self.routes = routes
    self.latency = latency
    self.jitter = jitter
    self.truncatedRate = truncatedRate
    self.dropRate = dropRate
  }

  /// No faults.
  public static let none = FaultPlan()

  /// Whether any fault can happen.
  public var isActive: Bool {
    failureRate > 0 || failNext > 0 || latency > .zero || jitter > .zero || truncatedRate > 0
      || dropRate > 0
  }

  /// Every active fault in a few words, for a status bar: `fail 100% 429 Retry-After 2 s`,
  /// `fail next 3 of GET /posts/5$`, `latency 300 ms ±100 ms`, `truncated 10%`, `drop 5%`,
  /// `only /posts`.
  public var summary: [String] {
    var parts: [String] = []
    let failure = failureDescription
    if failureRate > 0 { parts.append("fail \(Self.percentage(failureRate)) \(failure)") }
    if failNext > 0 {
      let scope = failNextRoutes.isEmpty ? "" : " of \(failNextRoutes.joined(separator: ","))"
      parts.append("fail next \(failNext)\(scope) \(failure)")
    }
    if latency > .zero || jitter > .zero {
      parts.append(
        "latency \(Self.duration(latency))" + (jitter > .zero ? " ±\(Self.duration(jitter))" : ""))
    }
    if truncatedRate > 0 { parts.append("truncated \(Self.percentage(truncatedRate))") }
    if dropRate > 0 { parts.append("drop \(Self.percentage(dropRate))") }
    if !parts.isEmpty, !routes.isEmpty { parts.append("only \(routes.joined(separator: ","))") }
    return parts
  }

  /// `503`, `500/503`, `429 Retry-After 2 s`.
  public var failureDescription: String {
    var text = failureStatuses.map(String.init).joined(separator: "/")
    if let retryAfter, failureStatuses.contains(where: { $0 == 429 || $0 == 503 }) {
      text += " Retry-After \(Self.duration(retryAfter))"
    }
    return text
  }

  /// Throws a readable error for the first value out of range.
  public func validate() throws(FaultPlanError) {
    for (name, rate) in [
      ("failure rate", failureRate), ("truncated rate", truncatedRate), ("drop rate", dropRate),
    ] where !(0...1).contains(rate) {
      throw FaultPlanError("the \(name) must be between 0% and 100%")
    }
    guard !failureStatuses.isEmpty, failureStatuses.allSatisfy({ (400...599).contains($0) })
    else { throw FaultPlanError("failure statuses must be from 400 to 599") }
    if failNext < 0 { throw FaultPlanError("fail next must not be negative") }
    for route in routes + failNextRoutes where !RouteMatcher.isValid(route) {
      throw FaultPlanError("“\(route)” is not a route like /posts or GET /posts/*/comments")
    }
  }

  /// Whether requests with `method` to the path of `segments` are subject to the plan.
  package func affects(method: String, segments: [some StringProtocol]) -> Bool {
    RouteMatcher.matches(routes, method: method, segments: segments, whenEmpty: true)
  }

  /// Whether ``failNext`` counts requests with `method` to the path of `segments`: those of
  /// ``failNextRoutes``, or when there are none, the affected ones.
  package func countsTowardFailNext(method: String, segments: [some StringProtocol]) -> Bool {
    failNextRoutes.isEmpty
      ? affects(method: method, segments: segments)
      : RouteMatcher.matches(failNextRoutes, method: method, segments: segments, whenEmpty: false)
  }

  /// The `Retry-After` of an injected failure with `status`, in whole seconds rounded up: nil
  /// but for 429 and 503, or without ``retryAfter``.
  package func retryAfterSeconds(for status: Int) -> Int? {
    guard let retryAfter, status == 429 || status == 503 else { return nil }
    return Int(retryAfter.timeInterval.rounded(.up))
  }

  package static func percentage(_ rate: Double) -> String {
    "\(Int((rate * 100).rounded()))%"
  }

  /// `300 ms`, `1.5 s`, `2 s`.
  package static func duration(_ duration: Duration) -> String {
    let milliseconds = Int((duration.timeInterval * 1000).rounded())
    if milliseconds < 1000 { return "\(milliseconds) ms" }
    if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
    return "\(Double(milliseconds) / 1000) s"
  }
}

extension FaultPlan: CustomStringConvertible {
  /// The ``summary`` in one line, `none` when nothing is injected.
  public var description: String {
    let summary = summary
    return summary.isEmpty ? "none" : summary.joined(separator: ", ")
  }
}

/// A fault plan that cannot be applied, and why.
public struct FaultPlanError: Error, Sendable, CustomStringConvertible {
  public var description: String

  /// An error that says `description`.
  public init(_ description: String) {
    self.description = description
  }
}

/// Which side of the connection injects faults.
public enum FaultSide: String, Sendable, Hashable {
  /// The server itself (an embedded test server).
  case server
  /// An interceptor in the client, in front of any server.
  case client
}

/// Something that injects the faults of a ``FaultPlan``: the faults dialog reads and applies
/// its plan live.
public protocol FaultTarget: AnyObject, Sendable {
  /// Which side injects.
  var side: FaultSide { get }
  /// The faults applied now (`failNext` counts down as requests fail).
  var plan: FaultPlan { get }
  /// Applies `plan` from the next request on.
  ///
  /// - Throws: a readable error when the plan is not valid here.
  func apply(_ plan: FaultPlan) throws
}

/// Something that fails the next requests of one store: "fail the next N requests of this
/// store", so one query's retries can be watched while the rest of the screen works.
public protocol StoreFaultTarget: AnyObject, Sendable {
  var side: FaultSide { get }
  /// Fails the next `count` requests caused by the store at `path` (0 stops), with
  /// `failure`'s statuses and `Retry-After`.
  func failNext(_ count: Int, of path: OperationPath, like failure: FaultPlan)
  /// Requests still to fail, by store.
  var storeFailures: [OperationPath: Int] { get }
}

extension FaultTarget {
  /// `server: fail 25% 500/503 · latency 300 ms`, or nil when nothing is injected.
  public var statusText: String? {
    let summary = plan.summary
    return summary.isEmpty ? nil : "\(side.rawValue): " + summary.joined(separator: " · ")
  }
}
