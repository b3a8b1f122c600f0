import Synchronization

/// A `Mutex` whose ordering ThreadSanitizer can see; use it for all shared mutable state here.
///
/// On Linux a contended `Mutex` hands ownership over inside the kernel (`FUTEX_LOCK_PI`), which
/// ThreadSanitizer does not observe, so `swift test --sanitize=thread` reports races between
/// critical sections that the lock does order. An acquiring load at the start and a releasing
/// store at the end of every critical section make that order visible, at the cost of two
/// uncontended atomic operations.
final class SanitizerVisibleMutex<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>
  private let handoff = Atomic<Int>(0)

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  func withLock<Result: Sendable, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try mutex.withLock { (value) throws(Failure) -> Result in
      _ = handoff.load(ordering: .acquiring)
      defer { handoff.store(0, ordering: .releasing) }
      return try body(&value)
    }
  }
}
