/// An operation that fetches pages; a store keeps its ``PaginatedState``.
///
/// It names the first page, how to find the page after (and optionally before) a page, and how
/// to fetch one page. Make one from closures with ``PaginatedQuery``. A run's input is the
/// ``PagingAction`` the store asks for, typed.
public protocol PaginatedRequest<PageID, PageValue, Failure>: OperationRequest
where Input == PagingAction<PageID, PageValue>, Value == PagingResult<PageID, PageValue> {
  /// Identifies a page, e.g. an offset or a cursor.
  associatedtype PageID: Hashable & Sendable
  /// The contents of one page.
  associatedtype PageValue: Sendable

  /// The id of the first page.
  var initialPageID: PageID { get }

  /// The id of the page after `page`, or nil when `page` is the last; `pages` are all the pages
  /// loaded so far, in order, `page` included.
  func pageID(after page: Page<PageID, PageValue>, in pages: [Page<PageID, PageValue>]) -> PageID?

  /// The id of the page before `page`, or nil when `page` is the first. By default, nil.
  func pageID(before page: Page<PageID, PageValue>, in pages: [Page<PageID, PageValue>]) -> PageID?

  /// Fetches one page.
  func fetchPage(
    _ id: PageID,
    in context: OperationContext,
    with continuation: OperationContinuation<PageValue, Failure>
  ) async throws(Failure) -> PageValue
}

extension PaginatedRequest {
  public func pageID(
    before page: Page<PageID, PageValue>, in pages: [Page<PageID, PageValue>]
  ) -> PageID? {
    nil
  }

  /// Runs `action`.
  ///
  /// Intermediate values yielded by `fetchPage` reach the store for single-page actions; a
  /// refetch of all pages publishes only its final result. A refetch of all pages remembers
  /// the pages it has fetched across the attempts of its run, so a retry goes on from the page
  /// that failed instead of starting again from the first one.
  public func run(
    _ action: PagingAction<PageID, PageValue>,
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    switch action {
    case .initialPage:
      return try await fetchSinglePage(
        initialPageID, action: action, around: [], in: context, with: continuation)
    case .nextPage(let id, let pages):
      return try await fetchSinglePage(
        id, action: action, around: pages, in: context, with: continuation)
    case .previousPage(let id, let pages):
      return try await fetchSinglePage(
        id, action: action, around: pages, in: context, with: continuation)
    case .allPages(let pages):
      return try await fetchLeadingPages(
        max(pages.count, 1), from: pages, action: action, in: context, with: continuation)
    case .leadingPages(let count, let pages):
      return try await fetchLeadingPages(
        max(count, 1), from: pages, action: action, in: context, with: continuation)
    }
  }

  /// Fetches up to `count` pages from the first of `pages` (or the initial page), following
  /// each next id from the fresh pages and stopping at the last page. The pages fetched are
  /// kept across the run's attempts, so a retry goes on from the page that failed.
  private func fetchLeadingPages(
    _ count: Int,
    from pages: [Page<PageID, PageValue>],
    action: PagingAction<PageID, PageValue>,
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    var fresh = continuation.progress(as: [Page<PageID, PageValue>].self) ?? []
    var nextID: PageID?
    if let last = fresh.last {
      nextID = pageID(after: last, in: fresh)
    } else {
      nextID = pages.first?.id ?? initialPageID
    }
    while let id = nextID, fresh.count < count {
      let value = try await fetchPage(id, in: context, with: .discarding)
      fresh.append(Page(id: id, value: value))
      continuation.saveProgress(fresh)
      nextID = pageID(after: fresh[fresh.count - 1], in: fresh)
    }
    return result(action, fetched: fresh, all: fresh)
  }

  private func fetchSinglePage(
    _ id: PageID,
    action: PagingAction<PageID, PageValue>,
    around pages: [Page<PageID, PageValue>],
    in context: OperationContext,
    with continuation: OperationContinuation<Value, Failure>
  ) async throws(Failure) -> Value {
    let complete = { @Sendable (value: PageValue) -> Value in
      let page = Page(id: id, value: value)
      let all: [Page<PageID, PageValue>] =
        if case .previousPage = action { [page] + pages } else { pages + [page] }
      return result(action, fetched: [page], all: all)
    }
    let value = try await fetchPage(id, in: context, with: continuation.map(complete))
    return complete(value)
  }

  private func result(
    _ action: PagingAction<PageID, PageValue>,
    fetched: [Page<PageID, PageValue>],
    all: [Page<PageID, PageValue>]
  ) -> Value {
    let neighbors = fetched.map { page in
      PageNeighbors(previous: pageID(before: page, in: all), next: pageID(after: page, in: all))
    }
    return PagingResult(action: action, pages: fetched, neighbors: neighbors)
  }
}

/// A paginated query made from closures.
///
/// ```swift
/// let feed = PaginatedQuery(["posts"], initialPageID: 0) { last, _ in
///   last.value.hasMore ? last.id + 10 : nil
/// } fetchPage: { skip, context in
///   try await api.posts(skip: skip, limit: 10)
/// }
/// ```
public struct PaginatedQuery<PageID: Hashable & Sendable, PageValue: Sendable, Failure: Error>:
  PaginatedRequest
{
  public typealias Input = PagingAction<PageID, PageValue>
  public typealias Value = PagingResult<PageID, PageValue>
  public typealias PageIDRule =
    @Sendable (_ page: Page<PageID, PageValue>, _ pages: [Page<PageID, PageValue>]) -> PageID?

  public let path: OperationPath
  public let initialPageID: PageID
  private let nextPageID: PageIDRule
  private let previousPageID: PageIDRule?
  private let body:
    @Sendable (PageID, OperationContext, OperationContinuation<PageValue, Failure>)
      async throws(Failure) -> PageValue

  /// A paginated query starting at `initialPageID`; `nextPageID` (and `previousPageID`) find
  /// the neighbours of a page, `fetchPage` fetches one page.
  public init(
    _ path: OperationPath,
    initialPageID: PageID,
    nextPageID: @escaping PageIDRule,
    previousPageID: PageIDRule? = nil,
    fetchPage: @escaping @Sendable (PageID, OperationContext) async throws(Failure) -> PageValue
  ) {
    self.path = path
    self.initialPageID = initialPageID
    self.nextPageID = nextPageID
    self.previousPageID = previousPageID
    self.body = { id, context, _ throws(Failure) in try await fetchPage(id, context) }
  }

  public func pageID(
    after page: Page<PageID, PageValue>, in pages: [Page<PageID, PageValue>]
  ) -> PageID? {
    nextPageID(page, pages)
  }

  public func pageID(
    before page: Page<PageID, PageValue>, in pages: [Page<PageID, PageValue>]
  ) -> PageID? {
    previousPageID?(page, pages)
  }

  public func fetchPage(
    _ id: PageID,
    in context: OperationContext,
    with continuation: OperationContinuation<PageValue, Failure>
  ) async throws(Failure) -> PageValue {
    try await body(id, context, continuation)
  }
}
