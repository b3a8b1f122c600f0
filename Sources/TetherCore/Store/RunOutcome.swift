/// A run's result as its callers get it: a `Result` of the store's value and failure types, in
/// the header of a `ManagedBuffer` without elements — one object, handed to every caller
/// waiting for the run by reference, that the store's code (compiled once) passes on without
/// knowing its type. `store(for:)` boxes a query's result and `fetch()` reads it where the
/// query's types are known; the rest goes through these.
///
/// A `ManagedBuffer` is not `Sendable`, for its elements; this one has none, and its header is
/// written once, before the box is shared, and only read after: it is passed on as `Sendable`.
enum RunOutcome {
  /// `result`, boxed for the callers of its run.
  static func box<Value, Failure>(_ result: Result<Value, Failure>) -> any AnyObject & Sendable {
    sendable(ManagedBuffer<Result<Value, Failure>, Void>.create(minimumCapacity: 0) { _ in result })
  }

  /// The result in `box`, a box of `result(_:)`'s type.
  static func result<Value, Failure>(
    in box: AnyObject, as type: Result<Value, Failure>.Type
  ) -> Result<Value, Failure> {
    unsafeDowncast(box, to: ManagedBuffer<Result<Value, Failure>, Void>.self).header
  }

  /// `box` as the store passes it on: the same reference (`Sendable` adds no witness).
  static func sendable(_ box: AnyObject) -> any AnyObject & Sendable {
    unsafeBitCast(box, to: (any AnyObject & Sendable).self)
  }
}
