import TetherDiagnostics

/// Decides, request by request, which faults to inject; deterministic for a seed.
///
/// Every decision on an affected request draws the same number of random values, whichever
/// faults are enabled, so changing one rate does not reshuffle the others. Requests that no
/// fault can affect draw nothing.
struct FaultInjector: Sendable {
  /// What to do with one request.
  struct Decision: Equatable {
    enum Outcome: Hashable {
      case handle
      /// Answer with `status`, and `Retry-After: retryAfter` when set.
      case fail(status: Int, retryAfter: Int?)
      case malformBody
      case dropConnection
    }

    var delay: Duration = .zero
    var outcome: Outcome = .handle
  }

  var plan: FaultPlan
  private var random: SeededRandom

  init(plan: FaultPlan, seed: UInt64) {
    self.plan = plan
    random = SeededRandom(seed: seed)
  }

  mutating func decide(method: String, pathSegments: [String]) -> Decision {
    guard plan.isActive, pathSegments != [Route.faultsPath] else { return Decision() }
    let affected = plan.affects(method: method, segments: pathSegments)
    let countsDown =
      plan.failNext > 0 && plan.countsTowardFailNext(method: method, segments: pathSegments)
    guard affected || countsDown else { return Decision() }
    let jitterShare = random.unitInterval()
    let failureDraw = random.unitInterval()
    let statusDraw = random.unitInterval()
    let dropDraw = random.unitInterval()
    let malformedDraw = random.unitInterval()

    var decision = Decision()
    if affected { decision.delay = plan.latency + plan.jitter * jitterShare }
    let statuses = plan.failureStatuses
    let status = statuses[min(statuses.count - 1, Int(statusDraw * Double(statuses.count)))]
    let failure = Decision.Outcome.fail(
      status: status, retryAfter: plan.retryAfterSeconds(for: status))
    if countsDown {
      plan.failNext -= 1
      decision.outcome = failure
    } else if failureDraw < plan.failureRate {
      decision.outcome = failure
    } else if dropDraw < plan.dropRate {
      decision.outcome = .dropConnection
    } else if malformedDraw < plan.truncatedRate {
      decision.outcome = .malformBody
    }
    return decision
  }
}
