import Foundation

// Public initialisers for the values inspection hands out, so that a front end can make them
// from something other than a live store: a store of another process read from a socket, or a
// recording replayed (`TetherInspector`, the `tether` tool). What the devtools draw from a local
// store they then draw from those, with the same code.

extension OperationRunID {
  /// The run numbered `number` in its store (from 1), as another process reported it.
  public init(number: UInt64) {
    self.init(rawValue: number)
  }
}

extension OperationSnapshot {
  /// A snapshot as another process reported it; failures are usually their descriptions
  /// (`InspectedFailure`), values plain data.
  public init(
    at path: OperationPath, kind: OperationKind, status: OperationStatus, fetchStatus: FetchStatus,
    isStale: Bool, isInvalidated: Bool, isCancelled: Bool, isPlaceholder: Bool,
    runsAutomatically: Bool, subscriberCount: Int, runCount: Int, valueUpdateCount: Int,
    valueLastUpdatedAt: Date?, errorUpdateCount: Int, errorLastUpdatedAt: Date?, hasValue: Bool,
    currentValue: any Sendable, error: (any Error)?, failureCount: Int,
    failureReason: (any Error)?, retryProgress: RetryProgress<any Error>?, date: Date,
    cancellation: RunCancellation? = nil, simulation: SimulatedState.Kind? = nil
  ) {
    self.path = path
    self.kind = kind
    self.status = status
    self.fetchStatus = fetchStatus
    self.isStale = isStale
    self.isInvalidated = isInvalidated
    self.isCancelled = isCancelled
    self.cancellation = cancellation ?? (isCancelled ? .kept : nil)
    self.simulation = simulation
    self.isPlaceholder = isPlaceholder
    self.runsAutomatically = runsAutomatically
    self.subscriberCount = subscriberCount
    self.runCount = runCount
    self.valueUpdateCount = valueUpdateCount
    self.valueLastUpdatedAt = valueLastUpdatedAt
    self.errorUpdateCount = errorUpdateCount
    self.errorLastUpdatedAt = errorLastUpdatedAt
    self.hasValue = hasValue
    self.currentValue = currentValue
    self.error = error
    self.failureCount = failureCount
    self.failureReason = failureReason
    self.retryProgress = retryProgress
    self.date = date
  }
}

extension AttemptSnapshot {
  /// A mutation's attempt as another process reported it.
  public init(
    run id: OperationRunID, arguments: LoggedValue, status: Status, startDate: Date, endDate: Date?,
    value: LoggedValue?, error: (any Error)?
  ) {
    self.id = id
    self.arguments = arguments
    self.status = status
    self.startDate = startDate
    self.endDate = endDate
    self.value = value
    self.error = error
  }
}

extension RunLogEntry {
  /// A run log entry as another process reported it.
  public init(
    number: UInt64, date: Date, path: OperationPath, kind: OperationKind, run: OperationRunID?,
    attempt: Int?, event: RunLogEvent
  ) {
    self.init(
      id: number, date: date, path: path, kind: kind, run: run, attempt: attempt, event: event)
  }
}

extension SimulatedState {
  /// A simulation shown in a store of another process: it holds no state to put back (that
  /// process keeps it), only what it was and where.
  public init(remote kind: Kind, path: OperationPath, date: Date) {
    self.init(
      kind: kind, path: path, date: date, previous: (), run: nil,
      counts: Counts(runs: 0, values: 0, errors: 0))
  }
}
