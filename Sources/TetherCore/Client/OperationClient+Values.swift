/// Typed bulk updates of the values of query stores.
extension OperationClient {
  /// Changes, with `body`, every value of type `Value` held by a query store under `prefix`:
  /// a query whose value is a `Value` (when it has one), and every page of a paginated query
  /// whose pages are `Value`s. No casting at the call site; stores of other types are left
  /// alone. Each changed store notifies its subscribers and logs "value set". Returns what
  /// changed — only the values `body` really changed, since `Value` is `Equatable`.
  ///
  /// ```swift
  /// let changes = client.updateValues(matching: ["post"], of: Post.self) { post in
  ///   if post.author.id == blocked { post.isHidden = true }
  /// }
  /// ```
  @discardableResult
  public func updateValues<Value: Sendable & Equatable>(
    matching prefix: OperationPath = [], of type: Value.Type,
    _ body: (inout Value) -> Void
  ) -> [ValueChange<Value>] {
    updateValues(matching: prefix, of: type, body, isUnchanged: ==)
  }

  /// Changes, with `body`, every value of type `Value` held by a query store under `prefix`
  /// and returns every value it was given, changed or not (`Value` is not `Equatable`).
  @discardableResult
  public func updateValues<Value: Sendable>(
    matching prefix: OperationPath = [], of type: Value.Type,
    _ body: (inout Value) -> Void
  ) -> [ValueChange<Value>] {
    updateValues(matching: prefix, of: type, body, isUnchanged: nil)
  }

  private func updateValues<Value: Sendable>(
    matching prefix: OperationPath, of type: Value.Type, _ body: (inout Value) -> Void,
    isUnchanged: ((Value, Value) -> Bool)?
  ) -> [ValueChange<Value>] {
    var changes: [ValueChange<Value>] = []
    for store in managedStores(matching: prefix) {
      guard let updating = store as? any ValueUpdating else { continue }
      changes += updating.updateValues(of: type, body, isUnchanged: isUnchanged)
    }
    return changes
  }

  /// The current values of the query stores under `prefix`, to restore after a failed
  /// optimistic update.
  func captureValues(matching prefix: OperationPath) -> [(any ManagedStore, any Sendable)] {
    managedStores(matching: prefix).compactMap { store in
      store.capturedValue().map { (store, $0) }
    }
  }
}

/// One value a bulk update changed.
public struct ValueChange<Value: Sendable>: Sendable {
  /// The path of the store that holds it.
  public var path: OperationPath
  /// For a page of a paginated query, the page's id; nil for a query's value.
  public var pageID: (any Hashable & Sendable)?
  /// The value before the update.
  public var previous: Value
  /// The value after it.
  public var current: Value
}

/// A store whose state holds values a bulk update can reach.
protocol ValueUpdating {
  func updateValues<Value: Sendable>(
    of type: Value.Type, _ body: (inout Value) -> Void, isUnchanged: ((Value, Value) -> Bool)?
  ) -> [ValueChange<Value>]
}

/// A state whose values a bulk update can reach.
protocol ValueHoldingState: OperationState {
  /// Whether the state holds values of type `Value`.
  static func holds<Value>(_ type: Value.Type) -> Bool
  /// Changes the values of type `Value` in `current`, and says what changed.
  static func update<Value: Sendable>(
    _ current: inout CurrentValue, at path: OperationPath, of type: Value.Type,
    _ body: (inout Value) -> Void, isUnchanged: ((Value, Value) -> Bool)?
  ) -> [ValueChange<Value>]
}

/// Thrown to leave `withCurrentValue` without setting anything.
private struct NothingChanged: Error {}

extension OperationStore: ValueUpdating where State: ValueHoldingState {
  func updateValues<Value: Sendable>(
    of type: Value.Type, _ body: (inout Value) -> Void, isUnchanged: ((Value, Value) -> Bool)?
  ) -> [ValueChange<Value>] {
    guard State.holds(type), state.hasValue else { return [] }
    do {
      return try withCurrentValue { current throws(NothingChanged) in
        let changes = State.update(
          &current, at: path, of: type, body, isUnchanged: isUnchanged)
        if changes.isEmpty { throw NothingChanged() }
        return changes
      }
    } catch {
      return []
    }
  }
}

extension QueryState: ValueHoldingState {
  static func holds<Target>(_ type: Target.Type) -> Bool { Value.self == Target.self }

  static func update<Target: Sendable>(
    _ current: inout Value?, at path: OperationPath, of type: Target.Type,
    _ body: (inout Target) -> Void, isUnchanged: ((Target, Target) -> Bool)?
  ) -> [ValueChange<Target>] {
    guard let previous = current as? Target else { return [] }
    var updated = previous
    body(&updated)
    if isUnchanged?(previous, updated) == true { return [] }
    current = updated as? Value
    return [ValueChange(path: path, pageID: nil, previous: previous, current: updated)]
  }
}

extension PaginatedState: ValueHoldingState {
  static func holds<Target>(_ type: Target.Type) -> Bool { PageValue.self == Target.self }

  static func update<Target: Sendable>(
    _ current: inout [Page<PageID, PageValue>], at path: OperationPath, of type: Target.Type,
    _ body: (inout Target) -> Void, isUnchanged: ((Target, Target) -> Bool)?
  ) -> [ValueChange<Target>] {
    var changes: [ValueChange<Target>] = []
    for index in current.indices {
      guard let previous = current[index].value as? Target else { continue }
      var updated = previous
      body(&updated)
      if isUnchanged?(previous, updated) == true { continue }
      if let value = updated as? PageValue { current[index].value = value }
      changes.append(
        ValueChange(path: path, pageID: current[index].id, previous: previous, current: updated))
    }
    return changes
  }
}
