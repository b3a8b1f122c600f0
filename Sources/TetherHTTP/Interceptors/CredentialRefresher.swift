import TetherSynchronization

/// Runs at most one credential refresh at a time and lets every request that found the same
/// stale credential wait for it.
final class CredentialRefresher: Sendable {
  private struct State {
    /// Completed refreshes so far.
    var generation = 0
    var inFlight: Task<Void, any Error>?
    /// The latest `Authorization` values handed out, newest last.
    var issued: [String] = []
  }

  /// How many handed-out credentials are remembered, to tell ours from an endpoint's own.
  private static let issuedLimit = 8

  private let state = SanitizerVisibleMutex(State())
  private let refresh: @Sendable () async throws -> Void

  init(_ refresh: @escaping @Sendable () async throws -> Void) {
    self.refresh = refresh
  }

  func noteIssued(_ authorization: String) {
    state.withLock { state in
      guard state.issued.last != authorization else { return }
      state.issued.removeAll { $0 == authorization }
      state.issued.append(authorization)
      if state.issued.count > Self.issuedLimit { state.issued.removeFirst() }
    }
  }

  func didIssue(_ authorization: String) -> Bool {
    state.withLock { $0.issued.contains(authorization) }
  }

  /// Makes sure the credential that produced `stale` has been replaced: joins the refresh in
  /// flight, returns at once if the current credential differs already, and otherwise starts
  /// a refresh and waits for it.
  func refresh(
    replacing stale: String, current: @Sendable () async throws(HTTPError) -> String?
  ) async throws {
    let (inFlight, generation) = state.withLock { ($0.inFlight, $0.generation) }
    if let inFlight { return try await inFlight.value }
    if try await current() != stale { return }
    let refresh = self.refresh
    let task = state.withLock { state -> Task<Void, any Error>? in
      if let inFlight = state.inFlight { return inFlight }
      // Someone refreshed while the current credential was being read.
      if state.generation != generation { return nil }
      let task = Task {
        do {
          try await refresh()
          self.finish(succeeded: true)
        } catch {
          self.finish(succeeded: false)
          throw error
        }
      }
      state.inFlight = task
      return task
    }
    try await task?.value
  }

  private func finish(succeeded: Bool) {
    state.withLock { state in
      state.inFlight = nil
      if succeeded { state.generation += 1 }
    }
  }
}
