import Synchronization

/// `Synchronization.Mutex`, with the order of its critical sections made visible to
/// ThreadSanitizer. Every target of the package guards shared mutable state with it.
///
/// On Linux a contended `Mutex` hands ownership over inside the kernel (`FUTEX_LOCK_PI`), which
/// ThreadSanitizer does not observe, so `swift test --sanitize=thread` reports races between
/// critical sections that the lock does order. An acquiring load at the start and a releasing
/// store at the end of every critical section make that order visible, for the cost of two
/// uncontended atomic operations.
///
/// ```swift
/// let counter = SanitizerVisibleMutex(0)
/// counter.withLock { $0 += 1 }
/// ```
public struct SanitizerVisibleMutex<Value: ~Copyable>: ~Copyable, Sendable {
  @usableFromInline let mutex: Mutex<Value>
  @usableFromInline let handoff = Atomic<Int>(0)

  /// A mutex protecting `initialValue`. Inlinable, so creating one (every store does) costs no
  /// call into this module.
  @inlinable
  public init(_ initialValue: consuming sending Value) {
    mutex = Mutex(initialValue)
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable
  public borrowing func withLock<Result: ~Copyable, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    try mutex.withLock { (value: inout sending Value) throws(Failure) -> sending Result in
      _ = handoff.load(ordering: .acquiring)
      defer { handoff.store(0, ordering: .releasing) }
      return try body(&value)
    }
  }
}
