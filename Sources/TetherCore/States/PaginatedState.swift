import Foundation

/// The state of a paginated query: the pages in order, whether there are more in each
/// direction, what each direction is fetching and its latest failure, and the shared counters
/// and statuses.
///
/// Its runs never overlap in a way that loses pages: a next or previous page asked for while
/// every page is being refetched waits for the refetch, then follows the fresh pages; a
/// refetch of every page waits for a next or previous page in flight, then includes it.
public struct PaginatedState<PageID: Hashable & Sendable, PageValue: Sendable, Failure: Error>:
  OperationState
{
  public typealias RunInput = PagingAction<PageID, PageValue>
  public typealias OperationValue = PagingResult<PageID, PageValue>
  public typealias CurrentValue = [Page<PageID, PageValue>]

  public static var kind: OperationKind { .paginatedQuery }

  var storedPages: [Page<PageID, PageValue>] = []
  var storedPlaceholder: [Page<PageID, PageValue>]?
  var neighbors: [PageID: PageNeighbors<PageID>] = [:]
  var directions: [(run: OperationRunID, direction: PagingDirection)] = []
  var errors = DirectionErrors<Failure>()
  var storedTracker = RunTracker<Failure>()
  public var tracker: RunTracker<Failure> { storedTracker }
  var staleness: Staleness
  var staleTime: (@Sendable (PaginatedState) -> Duration)?
  var maxPages: Int?

  public init(context: OperationContext) {
    staleness = context.options.staleness ?? .after(.zero)
    staleTime = context[StaleTimeKey<Self>.self]
    maxPages = context.options.maxPages
  }

  /// The loaded pages, in order.
  public var pages: [Page<PageID, PageValue>] { storedPages }
  public var currentValue: [Page<PageID, PageValue>] { storedPages }
  /// Pages to show until the first page arrives (see `setPlaceholder(_:)`); never cached.
  public var placeholderPages: [Page<PageID, PageValue>]? { storedPlaceholder }
  /// The pages, or the placeholder pages while there are none: what a screen shows.
  public var pagesOrPlaceholder: [Page<PageID, PageValue>] {
    storedPages.isEmpty ? storedPlaceholder ?? [] : storedPages
  }
  public var isPlaceholder: Bool { storedPages.isEmpty && storedPlaceholder != nil }

  /// The id of the page after the last loaded page, or nil when it is the last.
  public var nextPageID: PageID? { storedPages.last.flatMap { neighbors[$0.id]?.next } }
  /// The id of the page before the first loaded page, or nil when it is the first.
  public var previousPageID: PageID? { storedPages.first.flatMap { neighbors[$0.id]?.previous } }
  /// Whether a page follows the last loaded one.
  public var hasNextPage: Bool { nextPageID != nil }
  /// Whether a page precedes the first loaded one.
  public var hasPreviousPage: Bool { previousPageID != nil }

  /// Whether the first page is being fetched.
  public var isFetchingInitialPage: Bool { isFetching(.initial) }
  /// Whether the next page is being fetched.
  public var isFetchingNextPage: Bool { isFetching(.next) }
  /// Whether the previous page is being fetched.
  public var isFetchingPreviousPage: Bool { isFetching(.previous) }
  /// Whether every page is being refetched.
  public var isRefetchingAllPages: Bool { isFetching(.all) }

  /// The failure of the latest initial-page fetch, cleared by its next success.
  public var initialPageError: Failure? { errors.initial }
  /// The failure of the latest next-page fetch, cleared by its next success.
  public var nextPageError: Failure? { errors.next }
  /// The failure of the latest previous-page fetch, cleared by its next success.
  public var previousPageError: Failure? { errors.previous }
  /// The failure of the latest refetch of all pages, cleared by its next success.
  public var allPagesError: Failure? { errors.all }

  public var hasValue: Bool { !storedPages.isEmpty }

  /// How long fetched pages stay fresh now, or nil when they never go stale.
  public var staleDuration: Duration? {
    switch staleness {
    case .never: nil
    case .after(let duration): staleTime?(self) ?? duration
    }
  }

  public func isStale(at date: Date) -> Bool {
    guard !storedPages.isEmpty, let updatedAt = storedTracker.valueLastUpdatedAt else {
      return true
    }
    guard let duration = staleDuration else { return false }
    return storedTracker.isInvalidated || date >= updatedAt.adding(duration)
  }

  public var freshUntil: Date? {
    guard case .after(let base) = staleness, !storedTracker.isInvalidated, !storedPages.isEmpty,
      let updatedAt = storedTracker.valueLastUpdatedAt
    else { return nil }
    let duration = staleTime?(self) ?? base
    return duration > .zero ? updatedAt.adding(duration) : nil
  }

  public var isInvalidatable: Bool {
    if case .never = staleness { return false }
    return true
  }

  public var automaticRunInput: PagingAction<PageID, PageValue>? {
    storedPages.isEmpty ? .initialPage : .allPages(storedPages)
  }

  public static func canShareRun(
    _ input: PagingAction<PageID, PageValue>, with runningInput: PagingAction<PageID, PageValue>
  ) -> Bool {
    input.isShared(with: runningInput)
  }

  /// A next or previous page waits for a refetch of every page (or of the first) in flight; a
  /// refetch waits for a next or previous page in flight.
  public static func mustWait(
    _ input: PagingAction<PageID, PageValue>, for runningInput: PagingAction<PageID, PageValue>
  ) -> Bool {
    switch (PagingDirection(input), PagingDirection(runningInput)) {
    case (.next, .initial), (.next, .all), (.previous, .initial), (.previous, .all): true
    case (.initial, .next), (.initial, .previous), (.all, .next), (.all, .previous): true
    default: false
    }
  }

  public mutating func apply(_ event: OperationEvent<Self>) {
    switch event {
    case .runStarted(let run, let action, _):
      storedTracker.start(run)
      directions.append((run, PagingDirection(action)))
      if storedPages.isEmpty {
        storedTracker.error = nil
        storedTracker.status = .pending
      }
    case .runYielded(let run, let result, let date):
      apply(result, direction: nil, at: date, of: run)
    case .retryScheduled, .attemptStarted, .transferProgressed, .runPaused, .runResumed:
      storedTracker.record(event)
    case .runFinished(let run, let result, let date):
      let direction = removeDirection(of: run)
      // Pages of an older run still land when they fit.
      _ = storedTracker.claimResult(of: run)
      apply(result, direction: direction, at: date, of: run)
      storedTracker.remove(run)
    case .runCancelled(let run, let reverted, _):
      _ = removeDirection(of: run)
      storedTracker.cancel(run, reverted: reverted)
    case .currentValueSet(let pages, let date):
      storedPages = pages
      let ids = Set(pages.map(\.id))
      neighbors = neighbors.filter { ids.contains($0.key) }
      storedTracker.recordValue(at: date, final: true)
    case .placeholderSet(let pages):
      storedPlaceholder = pages
    case .invalidated:
      if isInvalidatable { storedTracker.isInvalidated = true }
    case .configured(let context):
      staleness = context.options.staleness ?? .after(.zero)
      staleTime = context[StaleTimeKey<Self>.self]
      maxPages = context.options.maxPages
    }
  }

  private func isFetching(_ direction: PagingDirection) -> Bool {
    directions.contains { $0.direction == direction && !storedTracker.paused.contains($0.run) }
  }

  private mutating func removeDirection(of run: OperationRunID) -> PagingDirection? {
    guard let index = directions.firstIndex(where: { $0.run == run }) else { return nil }
    return directions.remove(at: index).direction
  }

  /// Applies a result; `direction` is nil for an intermediate result.
  private mutating func apply(
    _ result: Result<PagingResult<PageID, PageValue>, Failure>,
    direction: PagingDirection?,
    at date: Date,
    of run: OperationRunID
  ) {
    switch result {
    case .success(let fetched):
      guard merge(fetched) else { return }
      storedTracker.recordValue(at: date, final: direction != nil)
      if let direction { errors[direction] = nil }
    case .failure(let failure):
      storedTracker.recordError(failure, at: date, final: direction != nil, of: run)
      if let direction { errors[direction] = failure }
    }
  }

  /// Puts fetched pages in place; returns false when they no longer fit the loaded pages.
  private mutating func merge(_ fetched: PagingResult<PageID, PageValue>) -> Bool {
    for (page, pageNeighbors) in zip(fetched.pages, fetched.neighbors) {
      neighbors[page.id] = pageNeighbors
    }
    switch fetched.action {
    case .initialPage, .allPages, .leadingPages:
      storedPages = fetched.pages
      trim(keepingFirst: true)
    case .nextPage(_, let before):
      for page in fetched.pages where !replace(page) {
        guard storedPages.last?.id == before.last?.id else { return false }
        storedPages.append(page)
      }
      trim(keepingFirst: false)
    case .previousPage(_, let after):
      for page in fetched.pages where !replace(page) {
        guard storedPages.first?.id == after.first?.id else { return false }
        storedPages.insert(page, at: 0)
      }
      trim(keepingFirst: true)
    }
    let ids = Set(storedPages.map(\.id))
    neighbors = neighbors.filter { ids.contains($0.key) }
    return true
  }

  /// Replaces the loaded page with the same id; returns whether there was one.
  private mutating func replace(_ page: Page<PageID, PageValue>) -> Bool {
    guard let index = storedPages.firstIndex(where: { $0.id == page.id }) else { return false }
    storedPages[index] = page
    return true
  }

  /// Drops pages beyond `maxPages` from the end far from the latest fetch.
  private mutating func trim(keepingFirst: Bool) {
    guard let maxPages, storedPages.count > maxPages else { return }
    if keepingFirst {
      storedPages.removeLast(storedPages.count - maxPages)
    } else {
      storedPages.removeFirst(storedPages.count - maxPages)
    }
  }
}

/// Which way a paginated run fetches.
enum PagingDirection: Sendable, Hashable {
  case initial, next, previous, all

  init<PageID, PageValue>(_ action: PagingAction<PageID, PageValue>) {
    switch action {
    case .initialPage: self = .initial
    case .nextPage: self = .next
    case .previousPage: self = .previous
    case .allPages, .leadingPages: self = .all
    }
  }
}

/// The latest failure of each direction.
struct DirectionErrors<Failure: Error>: Sendable {
  var initial: Failure?
  var next: Failure?
  var previous: Failure?
  var all: Failure?

  init() {}

  subscript(direction: PagingDirection) -> Failure? {
    get {
      switch direction {
      case .initial: initial
      case .next: next
      case .previous: previous
      case .all: all
      }
    }
    set {
      switch direction {
      case .initial: initial = newValue
      case .next: next = newValue
      case .previous: previous = newValue
      case .all: all = newValue
      }
    }
  }
}
