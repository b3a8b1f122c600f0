/// A pointer to memory that a lock guards: sendable because every access to `base` happens
/// under that lock (an ``OperationStore``'s storage under its `lock`).
@usableFromInline
struct GuardedPointer<Pointee>: @unchecked Sendable {
  @usableFromInline let base: UnsafeMutablePointer<Pointee>

  @inlinable
  init(_ base: UnsafeMutablePointer<Pointee>) {
    self.base = base
  }
}
