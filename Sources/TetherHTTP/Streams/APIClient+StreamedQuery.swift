import TetherCore

extension APIClient {
  /// A query whose value is built from `endpoint`'s events as they arrive, as TanStack's
  /// `streamedQuery` with a reducer: the store's state shows the value after each event, and
  /// the run succeeds with the final value when the server ends the stream.
  ///
  /// When the connection fails (dropped, silent past the idle timeout, a 5xx), the store's
  /// retry policy decides: a retry reconnects with `Last-Event-ID` set to the last event
  /// received, and goes on from the value built so far, so a server that honours it sends
  /// only what was missed. A refetch starts a new run from `initialValue`.
  ///
  /// ```swift
  /// let changed = api.streamedQuery(
  ///   StreamEndpoint<PostChange>(.get, "posts/changes"), initialValue: Set<Int>()
  /// ) { ids, change in ids.insert(change.id) }
  /// let store = operations.store(for: changed.retry(limit: 10))
  /// ```
  public func streamedQuery<Event, Value: Sendable>(
    _ endpoint: StreamEndpoint<Event>, path: OperationPath? = nil, initialValue: Value,
    reduce: @escaping @Sendable (inout Value, Event) -> Void
  ) -> Query<Value, HTTPError> {
    Query(path ?? endpoint.operationPath) { context, continuation throws(HTTPError) in
      let resumed = continuation.progress(as: StreamedProgress<Value>.self)
      var value = resumed?.value ?? initialValue
      let origin = RequestOrigin(
        path: context.path, run: continuation.runID, attempt: context.retryAttempt + 1)
      var events = self.events(endpoint, lastEventID: resumed?.lastEventID).makeAsyncIterator()
      while true {
        let event: Event?
        do {
          event = try await RequestOrigin.$current.withValue(origin) {
            try await events.next()
          }
        } catch let error as HTTPError {
          throw error
        } catch {
          throw .cancelled
        }
        guard let event else { return value }
        reduce(&value, event)
        continuation.saveProgress(StreamedProgress(value: value, lastEventID: events.lastEventID))
        continuation.yield(value)
      }
    }
  }

  /// A query whose value is every event of `endpoint` received so far, in order (TanStack's
  /// `streamedQuery` without a reducer). For a stream without end, prefer
  /// ``streamedQuery(_:path:initialValue:reduce:)`` with a value that does not grow.
  public func streamedQuery<Event>(_ endpoint: StreamEndpoint<Event>, path: OperationPath? = nil)
    -> Query<[Event], HTTPError>
  {
    streamedQuery(endpoint, path: path, initialValue: []) { events, event in events.append(event) }
  }
}

/// Where a streamed query's retry resumes: the value so far and the last event's id.
private struct StreamedProgress<Value: Sendable>: Sendable {
  var value: Value
  var lastEventID: String?
}
