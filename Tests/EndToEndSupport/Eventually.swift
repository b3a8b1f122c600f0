/// Whether `condition` holds, now or before a ``HangGuard`` of `limit` runs out: for a test
/// waiting on work done elsewhere (a task, a server's or a socket reader's thread, another
/// process). The limit is a guard against a hung test, never a measure, and runs by a deadline
/// rather than a count of short sleeps, each of which can overshoot.
///
/// ```swift
/// #expect(await eventually { server.openConnections == 0 })
/// ```
public func eventually(
  within limit: Duration = .seconds(60), _ condition: () -> Bool
) async -> Bool {
  let hangGuard = HangGuard(limit: limit)
  while !condition() {
    guard !hangGuard.hasRunOut, !Task.isCancelled else { return condition() }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}
