import Foundation
import TetherCore
import TetherInspector
import TetherJSON
import TetherSynchronization

/// Where a remote store's actions go: the connection to its process; nil for a replay, which
/// changes nothing.
public protocol RemoteCommands: AnyObject, Sendable {
  /// Sends `command` for the store at `path` and waits for its result.
  func perform(_ command: InspectorCommand, path: OperationPath, isMutation: Bool) async
    -> (ok: Bool, message: String)
  /// Sends `command` and reports a failed result on its own (the devtools' toast).
  func send(_ command: InspectorCommand, path: OperationPath, isMutation: Bool)
  /// Sets the query's value at `path` to `value` in the process (decoded there as its type),
  /// and reports a refusal on its own, in words.
  func setValue(_ value: JSONValue, path: OperationPath)
}

/// A store of another process: the state its inspector last sent, and the devtools' actions
/// turned into commands to that process. The devtools draw and act on it as on a local store.
public final class RemoteStore: InspectableStore {
  public let path: OperationPath
  public let kind: OperationKind
  /// The store's id in its connection or recording.
  public let id: Int
  private let commands: (any RemoteCommands)?
  private let state: SanitizerVisibleMutex<(store: InspectedStoreState, log: [RunLogEntry])>

  /// How many run log entries a remote store keeps.
  static let logLimit = 500

  init(_ store: InspectedStoreState, log: [RunLogEntry], commands: (any RemoteCommands)?) {
    path = store.path
    kind = store.kind
    id = store.id
    self.commands = commands
    state = SanitizerVisibleMutex((store, Array(log.suffix(Self.logLimit))))
  }

  /// The values the store held before, oldest first, as an exported session recorded them.
  var recordedHistory: [InspectedHistoryEntry] {
    get { history.withLock { $0 } }
    set { history.withLock { $0 = newValue } }
  }
  private let history = SanitizerVisibleMutex<[InspectedHistoryEntry]>([])

  func update(_ store: InspectedStoreState) {
    state.withLock { $0.store = store }
  }

  /// Adds entries newer than the last one kept (a snapshot after a resync sends some again).
  /// Returns whether any was new.
  @discardableResult
  func append(_ entries: [RunLogEntry]) -> Bool {
    state.withLock { state in
      let last = state.log.last?.id ?? 0
      let new = entries.filter { $0.id > last }
      guard !new.isEmpty else { return false }
      state.log.append(contentsOf: new)
      if state.log.count > Self.logLimit { state.log.removeFirst(state.log.count - Self.logLimit) }
      return true
    }
  }

  func replaceLog(_ entries: [RunLogEntry]) {
    state.withLock { $0.log = Array(entries.suffix(Self.logLimit)) }
  }

  public var inspected: InspectedStoreState { state.withLock { $0.store } }
  // Each field alone: the devtools read several of 10,000 stores per frame, and a copy of the
  // whole state (attempts included) for each would be most of their cost.
  public var subscriberCount: Int { state.withLock { $0.store.snapshot.subscriberCount } }
  public var snapshot: OperationSnapshot { state.withLock { $0.store.snapshot } }
  public var runLog: [RunLogEntry] { state.withLock { $0.log } }
  public var staleDate: Date? { state.withLock { $0.store.staleDate } }
  public var collectionDate: Date? { state.withLock { $0.store.collectionDate } }
  public var attempts: [AttemptSnapshot] { state.withLock { $0.store.attempts } }
  public var latestArguments: LoggedValue? { state.withLock { $0.store.latestArguments } }

  public func performRefetch(cancelInFlight: Bool) async throws {
    if kind == .mutation { throw OperationStoreError.mutationsAreNotRefetched(path) }
    try await perform(.refetch)
  }

  public func invalidate() {
    commands?.send(.invalidate, path: path, isMutation: kind == .mutation)
  }
  public func cancel(revert: Bool) {}
  public func reset() { commands?.send(.reset, path: path, isMutation: kind == .mutation) }

  public func retryLatestAttempt() async throws {
    guard kind == .mutation else { throw InspectionError.notAMutation(path) }
    try await perform(.retryLatest)
  }

  /// Any failure: the other process shows its own, and says when the store cannot.
  public func accepts(_ failure: any Error) -> Bool { commands != nil && kind != .mutation }

  public func simulateLoading() -> SimulatedState? {
    guard let commands, kind != .mutation else { return nil }
    commands.send(.triggerLoading, path: path, isMutation: false)
    return SimulatedState(remote: .loading, path: path, date: Date())
  }

  public func simulateFailure(_ failure: any Error) throws(InspectionError) -> SimulatedState {
    guard let commands, kind != .mutation else { throw .notAQuery(path) }
    commands.send(.triggerError, path: path, isMutation: false)
    return SimulatedState(remote: .failure, path: path, date: Date())
  }

  /// Sends the value to the process, which decodes it as the store's type and sets it; a
  /// value that does not decode is refused there, in words (a toast), and nothing changes.
  public func setCurrentValue(json: JSONValue) throws(InspectionError) {
    guard let commands else {
      throw .notEditable(path, reason: "a recording cannot be changed")
    }
    guard kind != .mutation else { throw .notAQuery(path) }
    let size = JSONWriter.bytes(of: json).count
    let limit = InspectorProtocol.commandLineLimit - 4096
    guard size <= limit else {
      throw .notEditable(
        path,
        reason: "the value is \(size) bytes, over the \(limit) a command to the process carries")
    }
    commands.setValue(json, path: path)
  }

  public func restore(_ simulation: SimulatedState) {
    commands?.send(.restore, path: path, isMutation: kind == .mutation)
  }

  private func perform(_ command: InspectorCommand) async throws {
    guard let commands else { throw InspectedFailure("a recording is not changed") }
    let result = await commands.perform(command, path: path, isMutation: kind == .mutation)
    if !result.ok { throw InspectedFailure(result.message) }
  }
}
