import TetherDevtools

/// The fault keys of the browser: `f` cycles the failure rate and `L` the added latency of
/// whatever injects faults — the embedded Posts service, or with `--url` the client's own
/// injector in front of the remote server. The faults dialog (`F`) edits everything else.
public struct FaultControl: Sendable {
  /// The failure rates `f` cycles through.
  public static let failureRates: [Double] = [0, 0.25, 0.5, 1]
  /// The latencies `L` cycles through.
  public static let latencies: [Duration] = [.zero, .milliseconds(300), .milliseconds(1500)]

  /// Where the faults go: the server side or the client side.
  public let target: any FaultTarget

  public init(target: any FaultTarget) {
    self.target = target
  }

  /// The faults applied now.
  public var plan: FaultPlan { target.plan }

  /// Moves the failure rate to the next step: 0% → 25% → 50% → 100% → 0%.
  @discardableResult
  public func cycleFailureRate() -> Double {
    var plan = target.plan
    plan.failureRate = Self.next(after: plan.failureRate, in: Self.failureRates)
    try? target.apply(plan)
    return target.plan.failureRate
  }

  /// Moves the added latency to the next step: 0 → 300 ms → 1.5 s → 0.
  @discardableResult
  public func cycleLatency() -> Duration {
    var plan = target.plan
    plan.latency = Self.next(after: plan.latency, in: Self.latencies)
    try? target.apply(plan)
    return target.plan.latency
  }

  /// The step after `value`, or the first one when `value` is not a step.
  static func next<Value: Comparable>(after value: Value, in steps: [Value]) -> Value {
    guard let index = steps.firstIndex(where: { $0 > value }) else { return steps[0] }
    return steps[index]
  }
}
