import TetherCore

extension APIClient {
  /// A query whose value is built from `endpoint`'s events as they arrive, as TanStack's
  /// `streamedQuery` with a reducer: the store's state shows the value after each event.
  ///
  /// When the connection stops — dropped, silent past the idle timeout, a 5xx, or ended by the
  /// server — the store's retry policy decides, as `EventSource` would reconnect: a retry
  /// reconnects with `Last-Event-ID` set to the last event received and goes on from the value
  /// built so far, so a server that honours it sends only what was missed. The delay is the
  /// one the server asked for with its latest `retry:` field (within
  /// ``StreamEndpoint/reconnectionDelayLimits``), else the policy's backoff. A clean end is
  /// reported as ``HTTPError/streamInterrupted(_:)`` and counts as an attempt; with
  /// ``StreamEndpoint/reconnectsAfterEnd`` false it ends the run instead, which succeeds with
  /// the final value. A connection that delivered events before it stopped starts the
  /// backoff and the retry limit over (``StreamInterruption/receivedEvents``): a working
  /// stream that the server or the network cuts now and then reconnects after the first delay
  /// each time and never runs out of retries; only failures in a row back off and use them
  /// up. The attempts keep their numbers. A refetch starts a new run from `initialValue`.
  ///
  /// ```swift
  /// let changed = api.streamedQuery(
  ///   StreamEndpoint<PostChange>(.get, "posts/changes"), initialValue: Set<Int>()
  /// ) { ids, change in ids.insert(change.id) }
  /// let store = operations.store(for: changed.retry(limit: 10))
  /// ```
  ///
  /// - Parameters:
  ///   - endpoint: The stream to follow.
  ///   - path: The query's path; the endpoint's ``StreamEndpoint/operationPath`` by default.
  ///   - initialValue: The value before the first event.
  ///   - reduce: Folds each event into the value.
  public func streamedQuery<Event, Value: Sendable>(
    _ endpoint: StreamEndpoint<Event>, path: OperationPath? = nil, initialValue: Value,
    reduce: @escaping @Sendable (inout Value, Event) -> Void
  ) -> Query<Value, HTTPError> {
    Query(path ?? endpoint.operationPath) { context, continuation throws(HTTPError) in
      let resumed = continuation.progress(as: StreamedProgress<Value>.self)
      var progress = resumed ?? StreamedProgress(value: initialValue)
      let origin = RequestOrigin(
        path: context.path, run: continuation.runID, attempt: context.retryAttempt + 1)
      var events = self.events(endpoint, lastEventID: progress.lastEventID, reconnects: false)
        .makeAsyncIterator()
      var receivedEvents = false
      while true {
        let event: Event?
        do {
          event = try await RequestOrigin.$current.withValue(origin) {
            try await events.next()
          }
        } catch {
          progress.retry = events.retry ?? progress.retry
          continuation.saveProgress(progress)
          throw progress.interruption(
            by: error as? HTTPError ?? .cancelled, of: endpoint, receivedEvents: receivedEvents)
        }
        guard let event else {
          guard endpoint.reconnectsAfterEnd else { return progress.value }
          progress.retry = events.retry ?? progress.retry
          continuation.saveProgress(progress)
          throw progress.interruption(by: nil, of: endpoint, receivedEvents: receivedEvents)
        }
        receivedEvents = true
        reduce(&progress.value, event)
        progress.lastEventID = events.lastEventID
        continuation.saveProgress(progress)
        continuation.yield(progress.value)
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

/// Where a streamed query's retry resumes: the value so far, the last event's id, and the
/// reconnection delay the server asked for (which holds across connections, as in
/// `EventSource`).
private struct StreamedProgress<Value: Sendable>: Sendable {
  var value: Value
  var lastEventID: String?
  var retry: Duration?

  /// What the run throws when its connection stops (`cause` nil: the server ended it): the
  /// failure as it is, unless the stream ended cleanly, or the failure is retried and either
  /// the connection delivered events (`receivedEvents`, so the retries start over) or the
  /// server set the delay before reconnecting.
  func interruption<Event>(
    by cause: HTTPError?, of endpoint: StreamEndpoint<Event>, receivedEvents: Bool
  ) -> HTTPError {
    let delay = retry.map { endpoint.reconnectionDelay(askedFor: $0) }
    if let cause, cause.retryDecision != .retry || (delay == nil && !receivedEvents) {
      return cause
    }
    return .streamInterrupted(
      StreamInterruption(cause: cause, reconnectionDelay: delay, receivedEvents: receivedEvents))
  }
}
