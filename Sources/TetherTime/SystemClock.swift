import Foundation

/// The real clock: `Date()` for now, and a task sleep for waiting.
public struct SystemClock: TetherClock {
  /// The system's clock.
  public init() {}

  public func now() -> Date { Date() }

  public func sleep(until deadline: Date) async throws {
    let remaining = deadline.timeIntervalSinceNow
    guard remaining > 0 else { return try Task.checkCancellation() }
    try await Task.sleep(for: .seconds(remaining))
  }
}
