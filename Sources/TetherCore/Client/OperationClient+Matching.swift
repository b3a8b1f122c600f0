/// Acting on query stores by path prefix. Mutations are never touched: invalidating,
/// refetching, cancelling or resetting `["posts"]` never re-sends `["posts", "add"]`.
///
/// Prefixes match path elements in order (`["posts"]` matches `["posts", 1]`, not
/// `["postscript"]`). TanStack Query also matches object keys by subset; Tether paths are
/// ordered lists of hashable values instead, which a trie finds in time proportional to the
/// stores found rather than to the stores held, and whose matches never depend on the order
/// of an object's keys.
extension OperationClient {
  /// Invalidates every query store under `prefix`: those with subscribers refetch at once
  /// (replacing a run in flight), the others are stale until they are next used. Stores that
  /// are never stale ignore it.
  public func invalidate(matching prefix: OperationPath = []) {
    for store in managedStores(matching: prefix) { store.invalidate() }
  }

  /// Refetches every query store under `prefix` concurrently, each afresh (a run in flight is
  /// replaced), and returns when every run has ended or paused for the network; each result,
  /// or failure, lands in its store's state. Disabled stores (`.enabled(false)`) and stores
  /// that are never stale are skipped, as in TanStack Query.
  public func refetch(matching prefix: OperationPath = []) async {
    let stores = managedStores(matching: prefix).filter { !$0.isSkippedByPrefixRefetch }
    await withTaskGroup(of: Void.self) { group in
      for store in stores {
        group.addTask { await store.refetchUntilSettledOrPaused() }
      }
    }
  }

  /// Cancels the runs in flight of every query store under `prefix`, reverting what they
  /// yielded unless `revert` is false.
  public func cancel(matching prefix: OperationPath = [], revert: Bool = true) {
    for store in managedStores(matching: prefix) { store.cancel(revert: revert) }
  }

  /// Resets every query store under `prefix` to its state before the first run.
  public func reset(matching prefix: OperationPath = []) {
    for store in managedStores(matching: prefix) { store.reset() }
  }

  /// Removes every query store under `prefix` from the client, cancelling their runs. Whoever
  /// still holds one of them keeps a working store that the client no longer knows.
  public func remove(matching prefix: OperationPath = []) {
    let removed = queries.withLock { table in
      let stores = table.stores(matching: prefix)
      for store in stores { table.remove(at: store.path) }
      return stores
    }
    finishRemoving(removed)
  }

  /// Removes the query store at exactly `path`, if there is one, cancelling its runs.
  public func remove(at path: OperationPath) {
    let removed = queries.withLock { $0.remove(at: path) }
    finishRemoving(removed.map { [$0] } ?? [])
  }

  /// Removes every mutation store under `prefix`, cancelling their attempts in flight.
  public func removeMutations(matching prefix: OperationPath = []) {
    let removed = mutations.withLock { table in
      let stores = table.stores(matching: prefix)
      for store in stores { table.remove(at: store.path) }
      return stores
    }
    finishRemoving(removed)
  }

  func managedStores(matching prefix: OperationPath) -> [any ManagedStore] {
    queries.withLock { $0.stores(matching: prefix) }
  }

  private func finishRemoving(_ stores: [any ManagedStore]) {
    for store in stores {
      store.cancel(revert: true)
      eventHub.emit(.storeRemoved(store))
      store.markChanged()
    }
  }
}
