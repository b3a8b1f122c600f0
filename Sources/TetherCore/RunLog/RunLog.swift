import Foundation

/// A store's bounded log: the latest `capacity` records, oldest first, in a ring that never
/// grows past its capacity.
///
/// Records are compact (no path, no formatted text, durations as two dates), so writing one
/// costs a fetch little; ``RunLogEntry`` values are made from them when the log is read.
struct RunLog: Sendable {
  var records: [RunLogRecord] = []
  var head = 0
  var capacity: Int
  var nextID: UInt64 = 1

  init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  /// Adds a record; returns whether the log keeps it.
  mutating func append(_ record: RunLogRecord) -> Bool {
    guard capacity > 0 else { return false }
    var record = record
    record.id = nextID
    nextID += 1
    if records.count < capacity {
      // Grown as records come, from room for one: most stores of a restored cache only ever
      // hold the record of their restore.
      records.append(record)
    } else {
      records[head] = record
      head += 1
      if head == capacity { head = 0 }
    }
    return true
  }

  /// The latest record.
  var latest: RunLogRecord? {
    records.isEmpty ? nil : records[(head + records.count - 1) % records.count]
  }

  /// The records, oldest first.
  var all: [RunLogRecord] {
    head == 0 ? records : Array(records[head...] + records[..<head])
  }

  /// Keeps at most `capacity` records from now on, dropping the oldest.
  mutating func resize(to capacity: Int) {
    let kept = all.suffix(max(0, capacity))
    records = Array(kept)
    head = 0
    self.capacity = max(0, capacity)
  }
}

/// One record of a run log, as stored.
struct RunLogRecord: Sendable {
  enum Kind: UInt8, Sendable {
    case runStarted, attemptFailed, retryScheduled, attemptStarted, paused, resumed, yielded,
      succeeded
    case failed, cancelled, invalidated, reset, valueSet
  }

  var id: UInt64 = 0
  var kind: Kind
  var date: Date
  /// The start of what a duration measures (the run, the pause), or a retry's due date.
  var otherDate: Date?
  var run: UInt64
  var attempt: Int
  var trigger: RunTrigger
  var flag: Bool
  /// The input, the failure or the pause reason.
  var payload: (any Sendable)?

  init(
    _ kind: Kind, at date: Date, run: OperationRunID? = nil, attempt: Int? = nil,
    otherDate: Date? = nil, trigger: RunTrigger = .fetch, flag: Bool = false,
    payload: (any Sendable)? = nil
  ) {
    self.kind = kind
    self.date = date
    self.otherDate = otherDate
    self.run = run?.rawValue ?? 0
    self.attempt = attempt ?? 0
    self.trigger = trigger
    self.flag = flag
    self.payload = payload
  }

  /// The public entry, for the store at `path` of kind `kind`.
  func entry(path: OperationPath, kind storeKind: OperationKind) -> RunLogEntry {
    let duration = otherDate.map { date.duration(since: $0) } ?? .zero
    let event: RunLogEvent =
      switch kind {
      case .runStarted: .runStarted(trigger, input: payload.map(LoggedValue.init))
      case .attemptFailed: .attemptFailed(reason: LoggedValue(payload ?? "unknown"))
      case .retryScheduled: .retryScheduled(at: otherDate ?? date)
      case .attemptStarted: .attemptStarted
      case .paused: .paused(payload as? PauseReason ?? .offline)
      case .resumed: .resumed(after: duration)
      case .yielded: .yielded
      case .succeeded: .succeeded(after: duration)
      case .failed: .failed(reason: LoggedValue(payload ?? "unknown"), after: duration)
      case .cancelled: .cancelled(after: duration, reverted: flag)
      case .invalidated: .invalidated
      case .reset: .reset
      case .valueSet: .valueSet
      }
    return RunLogEntry(
      id: id, date: date, path: path, kind: storeKind,
      run: run == 0 ? nil : OperationRunID(rawValue: run), attempt: attempt == 0 ? nil : attempt,
      event: event)
  }
}
