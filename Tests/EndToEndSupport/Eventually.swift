/// Whether `condition` holds, now or before `limit` of real time has passed: for a test waiting
/// on another thread (a server's, a socket reader's, another process). The limit is a guard
/// against a hung test, never a measure: a whole parallel run on two loaded cores, under the
/// thread sanitizer, can keep a waiting task from a thread for many seconds, so the limit is
/// generous and measured by a deadline — a count of short sleeps runs long when each sleep
/// overshoots.
///
/// ```swift
/// #expect(await eventually { server.openConnections == 0 })
/// ```
public func eventually(
  within limit: Duration = .seconds(60), _ condition: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  while !condition() {
    guard clock.now < deadline, !Task.isCancelled else { return condition() }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}
