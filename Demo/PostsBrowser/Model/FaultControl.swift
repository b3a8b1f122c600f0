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
    cycle(\.failureRate, through: Self.failureRates)
  }

  /// Moves the added latency to the next step: 0 → 300 ms → 1.5 s → 0.
  @discardableResult
  public func cycleLatency() -> Duration {
    cycle(\.latency, through: Self.latencies)
  }

  /// Applies the plan with `field` at the step after its value in `steps` (the first step when
  /// its value is past them); returns `field` as the target now applies it.
  private func cycle<Value: Comparable>(
    _ field: WritableKeyPath<FaultPlan, Value>, through steps: [Value]
  ) -> Value {
    var plan = target.plan
    plan[keyPath: field] = steps.first { $0 > plan[keyPath: field] } ?? steps[0]
    try? target.apply(plan)
    return target.plan[keyPath: field]
  }
}
