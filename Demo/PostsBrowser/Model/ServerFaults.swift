import PostsService
import TetherDevtools

/// The embedded Posts service's faults as the devtools' faults dialog edits them: a
/// ``FaultPlan`` read from and applied to the server's `FaultSettings`, live.
public final class ServerFaults: FaultTarget {
  public let server: PostsServer

  /// The faults of `server`.
  public init(server: PostsServer) {
    self.server = server
  }

  public var side: FaultSide { .server }

  public var plan: FaultPlan { Self.plan(of: server.faults) }

  public func apply(_ plan: FaultPlan) throws {
    try plan.validate()
    try server.updateFaults { $0 = Self.settings(of: plan) }
  }

  static func plan(of settings: FaultSettings) -> FaultPlan {
    FaultPlan(
      failureRate: settings.failureRate, failureStatuses: settings.failureStatuses,
      retryAfter: settings.retryAfter, failNext: settings.failNext,
      failNextRoutes: settings.failNextRoutes, routes: settings.routes,
      latency: settings.latency, jitter: settings.jitter, truncatedRate: settings.malformedRate,
      dropRate: settings.dropRate)
  }

  static func settings(of plan: FaultPlan) -> FaultSettings {
    FaultSettings(
      failureRate: plan.failureRate, failureStatuses: plan.failureStatuses,
      retryAfter: plan.retryAfter, latency: plan.latency, jitter: plan.jitter,
      malformedRate: plan.truncatedRate, dropRate: plan.dropRate, failNext: plan.failNext,
      failNextRoutes: plan.failNextRoutes, routes: plan.routes)
  }
}
