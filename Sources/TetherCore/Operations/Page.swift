/// One page of a paginated query: its id and its value.
public struct Page<ID: Hashable & Sendable, Value: Sendable>: Sendable, Identifiable {
  public var id: ID
  public var value: Value

  /// A page of a paginated query: its id and what was fetched for it.
  public init(id: ID, value: Value) {
    self.id = id
    self.value = value
  }
}

extension Page: Equatable where Value: Equatable {}
extension Page: Hashable where Value: Hashable {}
extension Page: Codable where ID: Codable, Value: Codable {}

/// What a paginated store asks one run to fetch.
public enum PagingAction<PageID: Hashable & Sendable, PageValue: Sendable>: Sendable {
  /// The first page, at the request's initial page id.
  case initialPage
  /// The page `id`, which follows the last of `pages`.
  case nextPage(PageID, after: [Page<PageID, PageValue>])
  /// The page `id`, which precedes the first of `pages`.
  case previousPage(PageID, before: [Page<PageID, PageValue>])
  /// Every loaded page again, from the first one's id, recomputing each next id from the fresh
  /// pages.
  case allPages([Page<PageID, PageValue>])
  /// The first `count` pages, from the first of `pages` (the initial page id when there is
  /// none), each next id computed from the fresh pages, stopping early at the last page; they
  /// replace the loaded pages (TanStack's `pages` option of `fetchInfiniteQuery`).
  case leadingPages(count: Int, from: [Page<PageID, PageValue>])

  /// Whether a run of `other` fetches the same thing, so a fetch of this one can share it.
  func isShared(with other: PagingAction) -> Bool {
    switch (self, other) {
    case (.initialPage, .initialPage), (.allPages, .allPages): true
    case (.leadingPages(let count, _), .leadingPages(let otherCount, _)): count == otherCount
    case (.nextPage(let id, _), .nextPage(let otherID, _)): id == otherID
    case (.previousPage(let id, _), .previousPage(let otherID, _)): id == otherID
    default: false
    }
  }
}

/// What one paginated run fetched: the pages, in order, and the ids of their neighbours.
public struct PagingResult<PageID: Hashable & Sendable, PageValue: Sendable>: Sendable {
  /// The action that produced this result.
  public var action: PagingAction<PageID, PageValue>
  /// The fetched pages, in order.
  public var pages: [Page<PageID, PageValue>]
  /// For each fetched page, the ids of the pages before and after it (nil when there is none).
  var neighbors: [PageNeighbors<PageID>]
}

/// The ids of the pages around one page.
struct PageNeighbors<PageID: Hashable & Sendable>: Sendable {
  var previous: PageID?
  var next: PageID?
}
