import TetherDiagnostics
import TetherSynchronization

/// The server's live fault plan and decision engine, shared by all connections.
final class FaultController: Sendable {
  private let injector: SanitizerVisibleMutex<FaultInjector>

  init(plan: FaultPlan, seed: UInt64) {
    injector = SanitizerVisibleMutex(FaultInjector(plan: plan, seed: seed))
  }

  var plan: FaultPlan {
    injector.withLock { $0.plan }
  }

  /// Applies `change` when the result is valid; otherwise throws and changes nothing.
  @discardableResult
  func update(
    _ change: (inout FaultPlan) throws(FaultPlanError) -> Void
  ) throws(FaultPlanError) -> FaultPlan {
    try injector.withLock { (injector) throws(FaultPlanError) -> FaultPlan in
      var plan = injector.plan
      try change(&plan)
      try plan.validateForService()
      injector.plan = plan
      return plan
    }
  }

  func decide(method: String, pathSegments: [String]) -> FaultInjector.Decision {
    injector.withLock { $0.decide(method: method, pathSegments: pathSegments) }
  }
}
