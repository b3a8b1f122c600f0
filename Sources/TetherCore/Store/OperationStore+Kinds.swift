extension OperationStore {
  /// Fetches the query's value, sharing a fetch in flight when the query is deduplicated.
  ///
  /// A failure is thrown and kept in the state next to the previous value; cancelling the
  /// calling task throws `CancellationError` and cancels the fetch unless others wait for it.
  @discardableResult
  public func fetch<Value, Failure>() async throws -> Value
  where State == QueryState<Value, Failure> {
    try await run(())
  }

  /// Loads the feed: the first page when none is loaded, otherwise every loaded page again.
  @discardableResult
  public func fetch<PageID, PageValue, Failure>() async throws -> [Page<PageID, PageValue>]
  where State == PaginatedState<PageID, PageValue, Failure> {
    try await refetchAllPages()
  }

  /// Fetches the page after the last loaded one (the first page when none is loaded); returns
  /// nil without fetching when the last page is loaded.
  @discardableResult
  public func fetchNextPage<PageID, PageValue, Failure>() async throws -> Page<PageID, PageValue>?
  where State == PaginatedState<PageID, PageValue, Failure> {
    let state = state
    if state.pages.isEmpty { return try await run(.initialPage).pages.first }
    guard let id = state.nextPageID else { return nil }
    return try await run(.nextPage(id, after: state.pages)).pages.first
  }

  /// Fetches the page before the first loaded one (the first page when none is loaded);
  /// returns nil without fetching when the first page is loaded.
  @discardableResult
  public func fetchPreviousPage<PageID, PageValue, Failure>() async throws -> Page<
    PageID, PageValue
  >?
  where State == PaginatedState<PageID, PageValue, Failure> {
    let state = state
    if state.pages.isEmpty { return try await run(.initialPage).pages.first }
    guard let id = state.previousPageID else { return nil }
    return try await run(.previousPage(id, before: state.pages)).pages.first
  }

  /// Refetches every loaded page in order from the first one, recomputing each next id from
  /// the fresh pages and stopping at the first missing one (the first page when none is
  /// loaded).
  @discardableResult
  public func refetchAllPages<PageID, PageValue, Failure>() async throws -> [Page<
    PageID, PageValue
  >]
  where State == PaginatedState<PageID, PageValue, Failure> {
    let pages = state.pages
    return try await run(pages.isEmpty ? .initialPage : .allPages(pages)).pages
  }

  /// Runs the mutation with `arguments`; the attempt is added to the history.
  @discardableResult
  public func mutate<Arguments, Value, Failure>(with arguments: Arguments) async throws -> Value
  where State == MutationState<Arguments, Value, Failure> {
    try await run(arguments)
  }

  /// Runs the mutation; the attempt is added to the history.
  @discardableResult
  public func mutate<Value, Failure>() async throws -> Value
  where State == MutationState<Void, Value, Failure> {
    try await run(())
  }

  /// Runs the mutation again with the arguments of its latest attempt.
  ///
  /// Throws ``OperationStoreError/nothingToRetry`` when it has never run.
  @discardableResult
  public func retryLatest<Arguments, Value, Failure>() async throws -> Value
  where State == MutationState<Arguments, Value, Failure> {
    guard let arguments = state.latestAttempt?.arguments else {
      throw OperationStoreError.nothingToRetry
    }
    return try await run(arguments)
  }
}

/// Misuse of a store that can only be found out at run time.
public enum OperationStoreError: Error, Hashable, CustomStringConvertible {
  /// `retryLatest()` on a mutation that has never run.
  case nothingToRetry

  public var description: String {
    switch self {
    case .nothingToRetry: "The mutation has no attempt to retry."
    }
  }
}
