import Foundation

/// The parts of a state a subscriber can ask to be told about (TanStack's
/// `notifyOnChangeProps`): a subscriber that shows only the value and the status is not called
/// for a change of `fetchStatus` alone.
///
/// Compared without comparing values: `value` changes when a value is recorded (fetched, set,
/// yielded), by its update count and date, so values need not be `Equatable` and a refetch
/// that brings an equal value still counts, as TanStack's structural sharing would not. Use
/// ``OperationStore/subscribe(select:onChange:)`` to be told only when a value really differs.
public struct StateProperties: OptionSet, Sendable, Hashable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// A value was recorded: `currentValue`, `valueUpdateCount`, `valueLastUpdatedAt`.
  public static let value = StateProperties(rawValue: 1 << 0)
  /// `status`: pending, success or failure.
  public static let status = StateProperties(rawValue: 1 << 1)
  /// `fetchStatus`: idle, fetching or paused.
  public static let fetchStatus = StateProperties(rawValue: 1 << 2)
  /// A failure was recorded: `error`, `errorUpdateCount`, `errorLastUpdatedAt`.
  public static let error = StateProperties(rawValue: 1 << 3)
  /// The failure history: `failureCount`, `failureReason`, and the retry progress.
  public static let failures = StateProperties(rawValue: 1 << 4)
  /// `isInvalidated`.
  public static let invalidation = StateProperties(rawValue: 1 << 5)
  /// `isPlaceholder`.
  public static let placeholder = StateProperties(rawValue: 1 << 6)

  /// Every property: the same as subscribing without a filter.
  public static let all = StateProperties(rawValue: 0x7F)
}

/// The properties of one state a filtered subscriber compares; those not asked for are left
/// at their defaults, so they never differ.
struct StateStamp: Equatable, Sendable {
  var valueUpdateCount = 0
  var valueLastUpdatedAt: Double?
  var status: OperationStatus?
  var fetchStatus: FetchStatus?
  var errorUpdateCount = 0
  var failureCount = 0
  var retryAttempts = -1
  var isInvalidated = false
  var isPlaceholder = false

  /// Compiled once, for every state type: the tracker, where every field but the placeholder
  /// lives, is read once (each of the state's own getters would copy it).
  init<State: OperationState>(_ state: State, _ properties: StateProperties) {
    let tracker = state.tracker
    if properties.contains(.value) {
      valueUpdateCount = tracker.valueUpdateCount
      valueLastUpdatedAt = tracker.valueLastUpdatedAt?.timeIntervalSinceReferenceDate
    }
    if properties.contains(.status) { status = tracker.status }
    if properties.contains(.fetchStatus) { fetchStatus = tracker.fetchStatus }
    if properties.contains(.error) { errorUpdateCount = tracker.errorUpdateCount }
    if properties.contains(.failures) {
      failureCount = tracker.failureCount
      retryAttempts = tracker.retryProgress?.failedAttempts ?? -1
    }
    if properties.contains(.invalidation) { isInvalidated = tracker.isInvalidated }
    if properties.contains(.placeholder) { isPlaceholder = state.isPlaceholder }
  }
}
