/// The values an operation runs with: the clock, the operation's path, the retry attempt, and any
/// value stored under an ``OperationContextKey``.
///
/// Modifiers configure an operation by writing to the context in `setup(context:)`; a store
/// reads that configuration once, when it is created. Add your own values with a key:
///
/// ```swift
/// enum LocaleKey: OperationContextKey { static let defaultValue = "en" }
/// extension OperationContext {
///   var locale: String {
///     get { self[LocaleKey.self] }
///     set { self[LocaleKey.self] = newValue }
///   }
/// }
/// ```
public struct OperationContext: Sendable {
  /// The clock every delay, backoff, staleness check, timeout and polling interval reads.
  public var clock: any TetherClock

  /// The path of the operation being run; empty when run without a store.
  public internal(set) var path: OperationPath = []

  /// Which attempt of a retried run this is: 0 for the first attempt.
  public internal(set) var retryAttempt = 0

  /// Set while an outer retry modifier runs, so that inner ones do not multiply attempts.
  /// Kept out of `values`, like `runInput`, so that setting it on every run copies nothing.
  var isRetryHandled = false

  /// What the store asked this run to do: `Void` for a query, the arguments of a mutation, the
  /// page to fetch for a paginated query.
  var runInput: (any Sendable)?

  private var values: [ObjectIdentifier: any Sendable] = [:]

  /// A context with the system clock and no other values.
  public init(clock: any TetherClock = SystemClock()) {
    self.clock = clock
  }

  /// The value stored for `key`, or the key's default value.
  public subscript<Key: OperationContextKey>(key: Key.Type) -> Key.Value {
    get { (values[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }
}

/// A key for a value stored in an ``OperationContext``.
public protocol OperationContextKey {
  /// The type of the stored value.
  associatedtype Value: Sendable
  /// The value read when none was stored.
  static var defaultValue: Value { get }
}
