/// What a store's methods throw: the operation's own failure, typed, or a cancellation.
///
/// ```swift
/// do {
///   let post = try await store.fetch()
/// } catch .failure(let error) {          // an HTTPError, say: no casting
///   show(error)
/// } catch .cancelled {
///   // the caller or the store cancelled the fetch
/// }
/// ```
public enum OperationError<Failure: Error>: Error, CustomStringConvertible {
  /// The run failed with the operation's failure.
  case failure(Failure)
  /// The call was cancelled: its task was, or the store cancelled the run (`cancel()`,
  /// `reset()`, the last subscriber leaving an automatic run).
  case cancelled

  /// The operation's failure, or nil for a cancellation.
  public var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }

  /// Whether this is a cancellation.
  public var isCancellation: Bool {
    if case .cancelled = self { return true }
    return false
  }

  public var description: String {
    switch self {
    case .failure(let failure): String(describing: failure)
    case .cancelled: "The operation was cancelled."
    }
  }
}

extension OperationError: Equatable where Failure: Equatable {}

/// Misuse of a store that can only be found out at run time.
public enum OperationStoreError: Error, Hashable, CustomStringConvertible {
  /// `refetch()` on a mutation: re-sending a write is `retryLatest()`, asked for by name.
  case mutationsAreNotRefetched(OperationPath)

  public var description: String {
    switch self {
    case .mutationsAreNotRefetched(let path):
      "The mutation \(path) is not refetched; retry its latest attempt with retryLatest()."
    }
  }
}
