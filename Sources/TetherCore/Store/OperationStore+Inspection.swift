import Foundation
import TetherJSON

/// What a store browser needs of a store beyond ``OperationStoreProtocol``, whatever the
/// store's state type: when its value goes stale and when it will be collected, a mutation's
/// attempts and its latest arguments, retrying a mutation's latest attempt by name, and
/// simulated states — loading or failure shown without touching the server, then restored —
/// as TanStack Query Devtools' "Trigger Loading" and "Trigger Error" do.
///
/// Every ``OperationStore`` conforms; cast a client's `any OperationStoreProtocol` to it:
///
/// ```swift
/// if let store = client.store(at: ["post", 1]) as? any InspectableStore,
///   let simulation = store.simulateLoading()
/// {
///   // ... look at the screens, then:
///   store.restore(simulation)
/// }
/// ```
public protocol InspectableStore: OperationStoreProtocol {
  /// When the value goes stale; nil when it never will or there is no value to go stale.
  var staleDate: Date? { get }
  /// When the client collects the store if nobody subscribes meanwhile; nil while it has
  /// subscribers (or when its client is gone).
  var collectionDate: Date? { get }
  /// A mutation's attempts, oldest first, type-erased; empty for queries.
  var attempts: [AttemptSnapshot] { get }
  /// The arguments a mutation's ``retryLatestAttempt()`` sends; nil for queries and for a
  /// mutation that never ran.
  var latestArguments: LoggedValue? { get }
  /// Runs a mutation again with its latest arguments, as `retryLatest()` does.
  ///
  /// - Throws: ``InspectionError/notAMutation(_:)`` on a query,
  ///   ``InspectionError/neverRan(_:)`` on a mutation without attempts, or the attempt's own
  ///   failure (an ``OperationError``).
  func retryLatestAttempt() async throws
  /// Whether ``simulateFailure(_:)`` can show `failure`: the store's operation fails with its
  /// type.
  func accepts(_ failure: any Error) -> Bool
  /// Shows the first load: runs in flight are cancelled, the state becomes pending with a run
  /// in flight that never ends by itself, and fetches join it — no request is sent. A
  /// refetch replaces it with a real run. Nil for a mutation.
  func simulateLoading() -> SimulatedState?
  /// Shows `failure` as the outcome of a run, with no value: runs in flight are cancelled and
  /// no request is sent.
  ///
  /// - Throws: ``InspectionError/wrongFailureType(_:expected:)`` when the store's operation
  ///   fails with another type, ``InspectionError/notAQuery(_:)`` for a mutation.
  func simulateFailure(_ failure: any Error) throws(InspectionError) -> SimulatedState
  /// Ends a simulation: the state from before it comes back unless a real run has changed the
  /// store since, and a store with subscribers whose value is stale fetches again.
  func restore(_ simulation: SimulatedState)
  /// Sets the value from `json`, decoded as the store's value type: a value set by hand, as
  /// `setCurrentValue(_:)` sets one (the run log records it).
  ///
  /// - Throws: ``InspectionError/notEditable(_:reason:)`` when it does not decode (and
  ///   nothing changes), or when the store's value type is not `Decodable`.
  func setCurrentValue(json: JSONValue) throws(InspectionError)
}

extension InspectableStore {
  public func setCurrentValue(json: JSONValue) throws(InspectionError) {
    throw .notEditable(path, reason: "its values cannot be set from here")
  }
}

/// A simulated state shown by ``InspectableStore/simulateLoading()`` or
/// ``InspectableStore/simulateFailure(_:)``, and what ``InspectableStore/restore(_:)`` puts
/// back.
public struct SimulatedState: Sendable {
  /// What is simulated.
  public enum Kind: String, Sendable, Hashable {
    case loading, failure
  }

  public let kind: Kind
  /// The path of the store it belongs to.
  public let path: OperationPath
  /// When it started, on the store's clock.
  public let date: Date
  let previous: any Sendable
  let run: OperationRunID?
  let counts: Counts

  /// The counters of the simulated state, to tell whether anything changed it since.
  struct Counts: Equatable {
    var runs: Int
    var values: Int
    var errors: Int
  }
}

/// One attempt of a mutation, type-erased: what ``InspectableStore/attempts`` lists.
public struct AttemptSnapshot: Sendable, Identifiable {
  /// Where an attempt stands.
  public enum Status: String, Sendable, Hashable {
    case running, succeeded, failed, cancelled
  }

  /// The run's id, which the run log's entries of this attempt carry too.
  public let id: OperationRunID
  public let arguments: LoggedValue
  public let status: Status
  public let startDate: Date
  public let endDate: Date?
  /// Its value: the final one, or the latest yielded while running.
  public let value: LoggedValue?
  /// Its failure, if it failed.
  public let error: (any Error)?

  /// How long it ran, or has run so far at `now`.
  public func duration(at now: Date) -> Duration {
    (endDate ?? now).duration(since: startDate)
  }
}

/// Why an inspection action cannot be done.
public enum InspectionError: Error, CustomStringConvertible, Sendable {
  /// A mutation-only action on a query.
  case notAMutation(OperationPath)
  /// A query-only action on a mutation.
  case notAQuery(OperationPath)
  /// "Retry latest" on a mutation that never ran.
  case neverRan(OperationPath)
  /// A simulated failure of a type the store's operation cannot fail with.
  case wrongFailureType(OperationPath, expected: String)
  /// A value that does not decode as the store's value type.
  case notEditable(OperationPath, reason: String)

  public var description: String {
    switch self {
    case .notAMutation(let path): "\(path) is a query, not a mutation"
    case .notAQuery(let path): "\(path) is a mutation: simulated states are for queries"
    case .neverRan(let path): "the mutation \(path) has no attempt to retry"
    case .wrongFailureType(let path, let expected): "\(path) fails with \(expected) only"
    case .notEditable(let path, let reason): "\(path) keeps its value: \(reason)"
    }
  }
}

/// States that keep a history of attempts: mutations.
protocol AttemptHistory {
  var erasedAttempts: [AttemptSnapshot] { get }
  var latestErasedArguments: (any Sendable)? { get }
}

extension MutationState: AttemptHistory {
  var erasedAttempts: [AttemptSnapshot] {
    history.map { attempt in
      AttemptSnapshot(
        id: attempt.id, arguments: LoggedValue(attempt.arguments),
        status: AttemptSnapshot.Status(rawValue: attempt.status.rawValue) ?? .running,
        startDate: attempt.startDate, endDate: attempt.endDate,
        value: attempt.value.map(LoggedValue.init), error: attempt.error)
    }
  }

  var latestErasedArguments: (any Sendable)? { latestAttempt?.arguments }
}

/// States the devtools can simulate: they say so, and keep counting runs.
protocol SimulatableState: OperationState {
  var storedTracker: RunTracker<Failure> { get set }
}

extension QueryState: SimulatableState {}
extension PaginatedState: SimulatableState {}

extension SimulatableState {
  var simulation: SimulatedState.Kind? {
    get { storedTracker.simulation }
    set { storedTracker.simulation = newValue }
  }
  var countedRuns: Int {
    get { storedTracker.runCount }
    set { storedTracker.runCount = newValue }
  }
}

/// States whose value goes stale at a date.
protocol StaleDating {
  var erasedStaleDate: Date? { get }
}

extension QueryState: StaleDating {
  var erasedStaleDate: Date? { hasValue ? staleDate : nil }
}

extension PaginatedState: StaleDating {
  var erasedStaleDate: Date? {
    guard hasValue, let duration = staleDuration else { return nil }
    return valueLastUpdatedAt?.adding(duration)
  }
}

extension OperationStore: InspectableStore {
  public var staleDate: Date? {
    (state as? any StaleDating)?.erasedStaleDate
  }

  public var collectionDate: Date? {
    guard client != nil else { return nil }
    let (since, delay) = withStorage { ($0.machine.unusedSince, $0.machine.garbageCollectionDelay) }
    return since?.adding(delay)
  }

  public var attempts: [AttemptSnapshot] {
    (state as? any AttemptHistory)?.erasedAttempts ?? []
  }

  public var latestArguments: LoggedValue? {
    (state as? any AttemptHistory)?.latestErasedArguments.map(LoggedValue.init)
  }

  public func retryLatestAttempt() async throws {
    guard State.kind == .mutation else { throw InspectionError.notAMutation(path) }
    let step = await runStep(.mutate, mode: .fresh) { state in
      (state as? any AttemptHistory)?.latestErasedArguments as? State.RunInput
    }
    if case .nothing = step { throw InspectionError.neverRan(path) }
    _ = try Self.value(of: step)
  }

  public func accepts(_ failure: any Error) -> Bool {
    State.kind != .mutation && failure is State.Failure
  }

  public func simulateLoading() -> SimulatedState? {
    guard State.kind != .mutation else { return nil }
    // The run's task only waits to be cancelled: it never reaches the operation.
    let task = Task<Void, Never> {
      while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
    }
    let date = clock.now()
    let isListening = events?.isListening == true
    let (effects, simulation) = withStorage { storage -> (StoreMachine.Effects, SimulatedState?) in
      guard storage.state.automaticRunInput != nil else { return (StoreMachine.Effects(), nil) }
      let previous = storage.state
      let effects = storage.step(.simulateLoading(task), at: date, isListening: isListening)
      let simulation = SimulatedState(
        kind: .loading, path: path, date: date, previous: previous,
        run: storage.machine.runs.last?.id, counts: Self.counts(of: storage.state))
      return (effects, simulation)
    }
    perform(effects)
    if simulation == nil { task.cancel() }
    return simulation
  }

  public func simulateFailure(_ failure: any Error) throws(InspectionError) -> SimulatedState {
    guard State.kind != .mutation else { throw .notAQuery(path) }
    guard let failure = failure as? State.Failure else {
      throw .wrongFailureType(path, expected: String(describing: State.Failure.self))
    }
    let date = clock.now()
    let isListening = events?.isListening == true
    let (effects, simulation) = withStorage { storage -> (StoreMachine.Effects, SimulatedState?) in
      guard storage.state.automaticRunInput != nil else { return (StoreMachine.Effects(), nil) }
      let previous = storage.state
      let effects = storage.step(.simulateFailure(failure), at: date, isListening: isListening)
      let simulation = SimulatedState(
        kind: .failure, path: path, date: date, previous: previous, run: nil,
        counts: Self.counts(of: storage.state))
      return (effects, simulation)
    }
    perform(effects)
    guard let simulation else { throw .notAQuery(path) }
    return simulation
  }

  public func restore(_ simulation: SimulatedState) {
    send(.endSimulation(simulation))
  }

  /// `state` marked as simulating `kind` (nil: real), with `runCount` runs counted.
  static func marking(_ state: State, as kind: SimulatedState.Kind?, runCount: Int) -> State {
    guard var marked = state as? any SimulatableState else { return state }
    marked.simulation = kind
    marked.countedRuns = runCount
    return marked as? State ?? state
  }

  static func counts(of state: State) -> SimulatedState.Counts {
    SimulatedState.Counts(
      runs: state.runCount, values: state.valueUpdateCount, errors: state.errorUpdateCount)
  }
}

extension OperationContinuation {
  /// The run this continuation reports for, as the run log and a mutation's attempts name it;
  /// nil when the operation runs without a store. Lets the code a run calls (an HTTP client's
  /// observers) say which run and store caused it.
  public var runID: OperationRunID? {
    sink == nil || run.rawValue == 0 ? nil : run
  }
}
