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
@usableFromInline
struct StateStamp: Equatable, Sendable {
  @usableFromInline var valueUpdateCount = 0
  @usableFromInline var valueLastUpdatedAt: Double?
  @usableFromInline var status: OperationStatus?
  @usableFromInline var fetchStatus: FetchStatus?
  @usableFromInline var errorUpdateCount = 0
  @usableFromInline var failureCount = 0
  @usableFromInline var retryAttempts = -1
  @usableFromInline var isInvalidated = false
  @usableFromInline var isPlaceholder = false

  @inlinable
  init<State: OperationState>(_ state: State, _ properties: StateProperties) {
    if properties.contains(.value) {
      valueUpdateCount = state.valueUpdateCount
      valueLastUpdatedAt = state.valueLastUpdatedAt?.timeIntervalSinceReferenceDate
    }
    if properties.contains(.status) { status = state.status }
    if properties.contains(.fetchStatus) { fetchStatus = state.fetchStatus }
    if properties.contains(.error) { errorUpdateCount = state.errorUpdateCount }
    if properties.contains(.failures) {
      failureCount = state.failureCount
      retryAttempts = state.retryProgress?.failedAttempts ?? -1
    }
    if properties.contains(.invalidation) { isInvalidated = state.isInvalidated }
    if properties.contains(.placeholder) { isPlaceholder = state.isPlaceholder }
  }
}
