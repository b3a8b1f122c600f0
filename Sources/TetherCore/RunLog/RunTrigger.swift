/// What started a run, as its store's run log records it.
public enum RunTrigger: String, Sendable, Hashable {
  /// An imperative call: `fetch()`, `fetchNextPage()`, `fetchIfStale()`, `ensureValue()`.
  case fetch
  /// A subscriber arrived to a stale store.
  case subscribe
  /// `refetch()`, `refetchAllPages()` or `client.refetch(matching:)`.
  case refetch
  /// The store was invalidated while it had subscribers.
  case invalidate
  /// A polling condition ticked (`.rerunOnChange(of: .polling(every:))`).
  case poll
  /// The application regained focus (a ``ManualCondition`` made with `trigger: .focus`).
  case focus
  /// The network came back and the store was stale and observed.
  case reconnect
  /// Another rerun condition became true.
  case condition
  /// `mutate(with:)` or `retryLatest()`.
  case mutate
  /// The store was reset while it had subscribers, and ran again.
  case reset
  /// A devtools' "trigger loading" or "trigger error": a run that sends no request, counted
  /// and logged like any other so run numbers never skip.
  case simulated
}
