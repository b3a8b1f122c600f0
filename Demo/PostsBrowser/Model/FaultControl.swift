import PostsService

/// The fault switches of the status bar: the failure rate and added latency of the embedded
/// Posts service, cycled by a key. A remote server (`--url`) has none.
public struct FaultControl: Sendable {
  /// The failure rates `f` cycles through.
  public static let failureRates: [Double] = [0, 0.25, 0.5, 1]
  /// The latencies `l` cycles through.
  public static let latencies: [Duration] = [.zero, .milliseconds(300), .milliseconds(1500)]

  private let server: PostsServer?

  /// Faults of `server`, or unavailable without one.
  public init(server: PostsServer?) {
    self.server = server
  }

  /// Whether faults can be changed (the service is embedded).
  public var isAvailable: Bool { server != nil }

  /// The current faults, or nil when unavailable.
  public var settings: FaultSettings? { server?.faults }

  /// Moves the failure rate to the next step: 0% → 25% → 50% → 100% → 0%.
  @discardableResult
  public func cycleFailureRate() -> Double? {
    guard let server else { return nil }
    let rate = Self.next(after: server.faults.failureRate, in: Self.failureRates)
    _ = try? server.updateFaults { $0.failureRate = rate }
    return rate
  }

  /// Moves the added latency to the next step: 0 → 300 ms → 1.5 s → 0.
  @discardableResult
  public func cycleLatency() -> Duration? {
    guard let server else { return nil }
    let latency = Self.next(after: server.faults.latency, in: Self.latencies)
    _ = try? server.updateFaults { $0.latency = latency }
    return latency
  }

  /// The step after `value`, or the first one when `value` is not a step.
  static func next<Value: Comparable>(after value: Value, in steps: [Value]) -> Value {
    guard let index = steps.firstIndex(where: { $0 > value }) else { return steps[0] }
    return steps[index]
  }
}
