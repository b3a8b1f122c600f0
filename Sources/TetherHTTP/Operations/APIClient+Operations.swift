import TetherCore

/// Endpoints as TetherCore operations: one call makes a query, a mutation or a paginated query
/// that sends its endpoints through this client and fails with ``HTTPError``, whose retry
/// policy the core's retry modifier (and the operation client's default retry) applies.
///
/// Their stores throw `OperationError<HTTPError>`, so a caller reads the HTTP failure without
/// casting:
///
/// ```swift
/// do {
///   let post = try await operations.store(for: api.query(PostsAPI.post(1))).fetch()
/// } catch .failure(.unacceptableStatus(let failure)) where failure.statusCode == 404 {
///   showNotFound()
/// } catch {
///   show(error)
/// }
/// ```
///
/// The operations are plain TetherCore requests: add any modifier, such as
/// `.optimisticUpdate(of:matching:_:)` or `.lifecycle(onMutate:…)` on a mutation, or
/// `.networkMode(.always)` for a server on the loopback interface, which needs no network.
extension APIClient {
  /// A query that sends `endpoint`.
  ///
  /// - Parameters:
  ///   - endpoint: what to send, and how to read the answer.
  ///   - path: the query's identity; by default the endpoint's ``Endpoint/operationPath``
  ///     (method, path, query).
  ///
  /// ```swift
  /// let post = api.query(Endpoint<Post>(.get, "posts/\(id)"))     // path ["GET", "posts", "42"]
  /// let store = operations.store(for: post)
  /// ```
  public func query<Response>(_ endpoint: Endpoint<Response>, path: OperationPath? = nil)
    -> Query<Response, HTTPError>
  {
    Query(path ?? endpoint.operationPath) { context, continuation throws(HTTPError) in
      try await self.send(
        endpoint, in: context, run: continuation.runID, revalidates: true,
        reportTransfer: continuation.reportTransfer)
    }
  }

  /// A mutation that sends the endpoint `endpoint` builds from each attempt's arguments.
  ///
  /// A mutation's endpoint depends on its arguments, so its path is given rather than
  /// derived.
  ///
  /// ```swift
  /// let addPost = api.mutation(["posts", "add"]) { (draft: NewPost) in
  ///   Endpoint<Post>(.post, "posts/add", body: .json(draft))
  /// }
  /// let created = try await operations.store(for: addPost).mutate(with: draft)
  /// ```
  public func mutation<Arguments: Sendable, Response>(
    _ path: OperationPath,
    endpoint: @escaping @Sendable (Arguments) -> Endpoint<Response>
  ) -> Mutation<Arguments, Response, HTTPError> {
    Mutation(path) { arguments, context, continuation throws(HTTPError) in
      try await self.send(
        endpoint(arguments), in: context, run: continuation.runID, revalidates: false,
        reportTransfer: continuation.reportTransfer)
    }
  }

  /// A paginated query whose pages are the responses of the endpoints `endpoint` builds from
  /// page ids, starting at `initialPageID`; `nextPageID` (and `previousPageID`) find a page's
  /// neighbours.
  ///
  /// - Parameters:
  ///   - path: the feed's identity; by default the ``Endpoint/operationPath`` of the first
  ///     page's endpoint.
  ///   - initialPageID: the id of the first page.
  ///   - nextPageID: the id of the page after the given one, or `nil` after the last page.
  ///   - previousPageID: the id of the page before the given one, or `nil` before the first.
  ///   - endpoint: the endpoint that fetches the page of an id.
  ///
  /// ```swift
  /// let feed = api.paginatedQuery(initialPageID: 0) { last, _ in
  ///   last.id + last.value.limit < last.value.total ? last.id + last.value.limit : nil
  /// } endpoint: { skip in
  ///   Endpoint<PostsPage>(.get, "posts", query: [
  ///     URLQueryItem(name: "limit", value: "10"), URLQueryItem(name: "skip", value: "\(skip)"),
  ///   ])
  /// }
  /// ```
  public func paginatedQuery<PageID: Hashable & Sendable, Response>(
    path: OperationPath? = nil,
    initialPageID: PageID,
    nextPageID: @escaping PaginatedQuery<PageID, Response, HTTPError>.PageIDRule,
    previousPageID: PaginatedQuery<PageID, Response, HTTPError>.PageIDRule? = nil,
    endpoint: @escaping @Sendable (PageID) -> Endpoint<Response>
  ) -> PaginatedQuery<PageID, Response, HTTPError> {
    PaginatedQuery(
      path ?? endpoint(initialPageID).operationPath, initialPageID: initialPageID,
      nextPageID: nextPageID, previousPageID: previousPageID
    ) { id, context throws(HTTPError) in
      try await self.send(endpoint(id), in: context, run: nil, revalidates: true)
    }
  }
}
