import Foundation
import TetherSynchronization

/// The actions of a paginated query's store.
///
/// Every action derives what to fetch from the state when its run starts, so a next page
/// asked for while every page is being refetched follows the fresh pages.
extension OperationStore {
  /// Loads the feed: the first page when none is loaded, otherwise every loaded page again;
  /// shares a load in flight. Returns the pages the run fetched.
  @discardableResult
  public func fetch<PageID, PageValue, Failure>() async throws(OperationError<Failure>)
    -> [Page<PageID, PageValue>]
  where State == PaginatedState<PageID, PageValue, Failure> {
    try Self.value(of: await runStep(.fetch, mode: .join) { $0.automaticRunInput }).pages
  }

  /// Fetches the page after the last loaded one (the first page when none is loaded); returns
  /// nil without fetching when the last page is loaded.
  @discardableResult
  public func fetchNextPage<PageID, PageValue, Failure>() async throws(OperationError<Failure>)
    -> Page<PageID, PageValue>?
  where State == PaginatedState<PageID, PageValue, Failure> {
    let step = await runStep(.fetch, mode: .join) { state in
      if state.pages.isEmpty { return .initialPage }
      return state.nextPageID.map { .nextPage($0, after: state.pages) }
    }
    if case .nothing = step { return nil }
    return try Self.value(of: step).pages.first
  }

  /// Fetches the first `count` pages in one run and returns them: from the first loaded page
  /// (the initial page when none is loaded), each next id computed from the fresh pages,
  /// stopping early at the last page. They replace the loaded pages, so a feed shown three
  /// pages deep can be prefetched or restored three pages deep before the screen appears.
  ///
  /// TanStack's `fetchInfiniteQuery({ pages })`, which returns the cached pages while they are
  /// fresh; this always fetches, as `fetch()` does: a caller that wants the cache reads
  /// ``PaginatedState/pages``. Like a refetch of every page, a failed page is retried on its
  /// own, a next or previous page in flight is waited for, and a call for the same count in
  /// flight is joined.
  @discardableResult
  public func fetchPages<PageID, PageValue, Failure>(
    count: Int
  ) async throws(OperationError<Failure>) -> [Page<PageID, PageValue>]
  where State == PaginatedState<PageID, PageValue, Failure> {
    try Self.value(
      of: await runStep(.fetch, mode: .join) { .leadingPages(count: count, from: $0.pages) }
    ).pages
  }

  /// Fetches the page before the first loaded one (the first page when none is loaded);
  /// returns nil without fetching when the first page is loaded.
  @discardableResult
  public func fetchPreviousPage<PageID, PageValue, Failure>() async throws(OperationError<Failure>)
    -> Page<PageID, PageValue>?
  where State == PaginatedState<PageID, PageValue, Failure> {
    let step = await runStep(.fetch, mode: .join) { state in
      if state.pages.isEmpty { return .initialPage }
      return state.previousPageID.map { .previousPage($0, before: state.pages) }
    }
    if case .nothing = step { return nil }
    return try Self.value(of: step).pages.first
  }

  /// Refetches every loaded page in order from the first one, recomputing each next id from
  /// the fresh pages and stopping at the first missing one (the first page when none is
  /// loaded). A failed page is retried on its own: the pages before it are not fetched again.
  ///
  /// A refetch of every page in flight is cancelled and replaced (with `cancelInFlight:
  /// false`, joined); a next or previous page in flight is waited for and included.
  @discardableResult
  public func refetchAllPages<PageID, PageValue, Failure>(
    cancelInFlight: Bool = true
  ) async throws(OperationError<Failure>) -> [Page<PageID, PageValue>]
  where State == PaginatedState<PageID, PageValue, Failure> {
    try Self.value(
      of: await runStep(.refetch, mode: cancelInFlight ? .replace : .join) {
        $0.automaticRunInput
      }
    ).pages
  }

  /// The same as ``refetchAllPages(cancelInFlight:)``.
  @discardableResult
  public func refetch<PageID, PageValue, Failure>(
    cancelInFlight: Bool = true
  ) async throws(OperationError<Failure>) -> [Page<PageID, PageValue>]
  where State == PaginatedState<PageID, PageValue, Failure> {
    try await refetchAllPages(cancelInFlight: cancelInFlight)
  }
}
