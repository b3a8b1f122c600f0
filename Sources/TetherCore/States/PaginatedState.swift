import Foundation

/// The state of a paginated query: the pages in order, whether there are more in each
/// direction, loading flags and errors per direction, and the shared counters.
public struct PaginatedState<PageID: Hashable & Sendable, PageValue: Sendable, Failure: Error>:
  OperationState
{
  public typealias RunInput = PagingAction<PageID, PageValue>
  public typealias OperationValue = PagingResult<PageID, PageValue>
  public typealias CurrentValue = [Page<PageID, PageValue>]

  public static var kind: OperationKind { .paginatedQuery }

  /// The loaded pages, in order.
  public private(set) var pages: [Page<PageID, PageValue>] = []
  private var neighbors: [PageID: PageNeighbors<PageID>] = [:]
  private var directions: [OperationRunID: PagingDirection] = [:]
  private var errors: [PagingDirection: Failure] = [:]
  private var tracker = RunTracker<Failure>()
  private let staleness: Staleness
  private let maxPages: Int?

  public init(context: OperationContext) {
    staleness = context.staleness ?? .after(.zero)
    maxPages = context.maxPages
  }

  public var currentValue: [Page<PageID, PageValue>] { pages }

  /// The id of the page after the last loaded page, or nil when it is the last.
  public var nextPageID: PageID? { pages.last.flatMap { neighbors[$0.id]?.next } }
  /// The id of the page before the first loaded page, or nil when it is the first.
  public var previousPageID: PageID? { pages.first.flatMap { neighbors[$0.id]?.previous } }
  /// Whether a page follows the last loaded one.
  public var hasNextPage: Bool { nextPageID != nil }
  /// Whether a page precedes the first loaded one.
  public var hasPreviousPage: Bool { previousPageID != nil }

  /// Whether the first page is being fetched.
  public var isLoadingInitialPage: Bool { isLoading(.initial) }
  /// Whether the next page is being fetched.
  public var isLoadingNextPage: Bool { isLoading(.next) }
  /// Whether the previous page is being fetched.
  public var isLoadingPreviousPage: Bool { isLoading(.previous) }
  /// Whether every page is being refetched.
  public var isLoadingAllPages: Bool { isLoading(.all) }

  /// The failure of the latest initial-page fetch, cleared by its next success.
  public var initialPageError: Failure? { errors[.initial] }
  /// The failure of the latest next-page fetch, cleared by its next success.
  public var nextPageError: Failure? { errors[.next] }
  /// The failure of the latest previous-page fetch, cleared by its next success.
  public var previousPageError: Failure? { errors[.previous] }
  /// The failure of the latest refetch of all pages, cleared by its next success.
  public var allPagesError: Failure? { errors[.all] }

  public var hasValue: Bool { !pages.isEmpty }
  public var status: OperationStatus { tracker.status }
  public var isLoading: Bool { tracker.isLoading }
  public var error: Failure? { tracker.error }
  public var valueUpdateCount: Int { tracker.valueUpdateCount }
  public var valueLastUpdatedAt: Date? { tracker.valueLastUpdatedAt }
  public var errorUpdateCount: Int { tracker.errorUpdateCount }
  public var errorLastUpdatedAt: Date? { tracker.errorLastUpdatedAt }
  public var runCount: Int { tracker.runCount }
  public var isInvalidated: Bool { tracker.isInvalidated }
  public var retryProgress: RetryProgress<Failure>? { tracker.retryProgress }

  public func isStale(at date: Date) -> Bool {
    isInvalidated || pages.isEmpty || staleness.isStale(updatedAt: valueLastUpdatedAt, at: date)
  }

  public var automaticRunInput: PagingAction<PageID, PageValue>? {
    pages.isEmpty ? .initialPage : .allPages(pages)
  }

  public static func canShareRun(
    _ input: PagingAction<PageID, PageValue>, with runningInput: PagingAction<PageID, PageValue>
  ) -> Bool {
    input.isShared(with: runningInput)
  }

  public mutating func apply(_ event: OperationEvent<Self>, context: OperationContext) {
    switch event {
    case .runStarted(let run, let action, _):
      tracker.start(run)
      directions[run] = PagingDirection(action)
    case .runYielded(_, let result, let date):
      apply(result, direction: nil, at: date)
    case .retryScheduled(let run, let progress):
      tracker.scheduleRetry(run, progress)
    case .runFinished(let run, let result, let date):
      let direction = directions.removeValue(forKey: run)
      // Pages of an older run still land when they fit; only the outcome follows the latest.
      _ = tracker.end(run)
      apply(result, direction: direction, at: date)
    case .runCancelled(let run):
      directions.removeValue(forKey: run)
      tracker.cancel(run)
    case .currentValueSet(let pages, let date):
      self.pages = pages
      let ids = Set(pages.map(\.id))
      neighbors = neighbors.filter { ids.contains($0.key) }
      tracker.recordValue(at: date, final: true)
    case .invalidated:
      tracker.isInvalidated = true
    }
  }

  private func isLoading(_ direction: PagingDirection) -> Bool {
    directions.values.contains(direction)
  }

  /// Applies a result; `direction` is nil for an intermediate result.
  private mutating func apply(
    _ result: Result<PagingResult<PageID, PageValue>, Failure>,
    direction: PagingDirection?,
    at date: Date
  ) {
    switch result {
    case .success(let fetched):
      guard merge(fetched) else { return }
      tracker.recordValue(at: date, final: direction != nil)
      if let direction { errors[direction] = nil }
    case .failure(let failure):
      tracker.recordError(failure, at: date, final: direction != nil)
      if let direction { errors[direction] = failure }
    }
  }

  /// Puts fetched pages in place; returns false when they no longer fit the loaded pages.
  private mutating func merge(_ fetched: PagingResult<PageID, PageValue>) -> Bool {
    for (page, pageNeighbors) in zip(fetched.pages, fetched.neighbors) {
      neighbors[page.id] = pageNeighbors
    }
    switch fetched.action {
    case .initialPage, .allPages:
      pages = fetched.pages
      trim(keepingFirst: true)
    case .nextPage(_, let before):
      for page in fetched.pages where !replace(page) {
        guard pages.last?.id == before.last?.id else { return false }
        pages.append(page)
      }
      trim(keepingFirst: false)
    case .previousPage(_, let after):
      for page in fetched.pages where !replace(page) {
        guard pages.first?.id == after.first?.id else { return false }
        pages.insert(page, at: 0)
      }
      trim(keepingFirst: true)
    }
    let ids = Set(pages.map(\.id))
    neighbors = neighbors.filter { ids.contains($0.key) }
    return true
  }

  /// Replaces the loaded page with the same id; returns whether there was one.
  private mutating func replace(_ page: Page<PageID, PageValue>) -> Bool {
    guard let index = pages.firstIndex(where: { $0.id == page.id }) else { return false }
    pages[index] = page
    return true
  }

  /// Drops pages beyond `maxPages` from the end far from the latest fetch.
  private mutating func trim(keepingFirst: Bool) {
    guard let maxPages, pages.count > maxPages else { return }
    if keepingFirst {
      pages.removeLast(pages.count - maxPages)
    } else {
      pages.removeFirst(pages.count - maxPages)
    }
  }
}

/// Which way a paginated run fetches.
private enum PagingDirection: Sendable {
  case initial, next, previous, all

  init<PageID, PageValue>(_ action: PagingAction<PageID, PageValue>) {
    switch action {
    case .initialPage: self = .initial
    case .nextPage: self = .next
    case .previousPage: self = .previous
    case .allPages: self = .all
    }
  }
}
