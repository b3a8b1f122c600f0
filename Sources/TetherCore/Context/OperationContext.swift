import TetherSynchronization

/// The values an operation runs with: the clock, the connectivity, the operation's path, the
/// retry attempt, the client, and any value stored under an ``OperationContextKey``.
///
/// Modifiers configure an operation by writing to the context in `setup(context:)`; a store
/// reads that configuration when it is created and whenever a later `store(for:)` brings the
/// same path with other modifiers. Add your own values with a key:
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
  public var clock: any TetherClock {
    get { environment.clock }
    set {
      environment = Environment(
        clock: newValue, connectivity: environment.connectivity, focus: environment.focus)
    }
  }

  /// Whether the network is reachable: runs of operations in the `.online` network mode wait
  /// while it does not hold (see ``NetworkMode``). ``NetworkConnectivity/shared`` by default;
  /// tests set a ``ManualCondition``.
  public var connectivity: any RunCondition {
    get { environment.connectivity }
    set {
      environment = Environment(
        clock: environment.clock, connectivity: newValue, focus: environment.focus)
    }
  }

  /// Whether the application has focus (the terminal, a window), when the front end says: a
  /// retry that comes due while it does not hold waits for it (see ``NetworkMode`` and
  /// `retriesWhileUnfocused()`). Nil, the default, means the application is always focused.
  ///
  /// TanStack's `focusManager`: the Posts browser sets it from the terminal's focus events.
  public var focus: (any RunCondition)? {
    get { environment.focus }
    set {
      environment = Environment(
        clock: environment.clock, connectivity: environment.connectivity, focus: newValue)
    }
  }

  /// The clock and the connectivity, shared by every copy of a context so that copying one
  /// (every store and run does) costs one reference count.
  final class Environment: Sendable {
    let clock: any TetherClock
    let connectivity: any RunCondition
    let focus: (any RunCondition)?

    init(clock: any TetherClock, connectivity: any RunCondition, focus: (any RunCondition)?) {
      self.clock = clock
      self.connectivity = connectivity
      self.focus = focus
    }
  }

  var environment: Environment

  /// The path of the operation being run; empty when run without a store.
  public var path: OperationPath { storedPath }

  /// Which attempt of a retried run this is: 0 for the first attempt.
  public var retryAttempt: Int { storedRetryAttempt }

  var storedPath: OperationPath = []
  var storedRetryAttempt = 0

  /// Set while an outer retry modifier runs, so that inner ones do not multiply attempts.
  var isRetryHandled = false

  /// How many attempts of a restored paused run had failed: its retry modifier goes on from
  /// there.
  var restoredFailedAttempts = 0

  /// Makes the retry modifier that calls it the one that retries this run, its first attempt
  /// numbered after a restored run's failed ones; false when an outer one retries it already
  /// (the context is unchanged then), so that nested modifiers do not multiply attempts.
  @usableFromInline
  mutating func claimRetries() -> Bool {
    guard !isRetryHandled else { return false }
    isRetryHandled = true
    storedRetryAttempt = restoredFailedAttempts
    return true
  }

  /// The configuration modifiers write, in plain fields so that reading it costs nothing.
  var options = StoreOptions()

  var clientReference: ClientReference?

  var values: [ObjectIdentifier: any Sendable] = [:]

  /// A context with `clock` (the system clock by default), `connectivity` (the kernel's view
  /// of the network by default), `focus` (none: always focused, by default) and no other
  /// values.
  public init(
    clock: any TetherClock = SystemClock(),
    connectivity: any RunCondition = NetworkConnectivity.shared,
    focus: (any RunCondition)? = nil
  ) {
    environment = Environment(clock: clock, connectivity: connectivity, focus: focus)
  }

  /// The client whose store runs the operation; nil when run without a store, or once the
  /// client is gone. Lifecycle hooks use it to reach other stores.
  public var client: OperationClient? { clientReference?.client }

  /// The value stored for `key`, or the key's default value.
  public subscript<Key: OperationContextKey>(key: Key.Type) -> Key.Value {
    get {
      guard !values.isEmpty else { return Key.defaultValue }
      return (values[ObjectIdentifier(key)] as? Key.Value) ?? Key.defaultValue
    }
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

/// A weak reference to a client, shared by every context of its stores; attached once the
/// client is initialised.
final class ClientReference: Sendable {
  private struct Weak {
    weak var client: OperationClient?
  }

  private let storage = SanitizerVisibleMutex(Weak())

  init() {}

  func attach(_ client: OperationClient) {
    storage.withLock { $0.client = client }
  }

  var client: OperationClient? { storage.withLock { $0.client } }
}
