/// What an optimistic update remembers: the path it changed and the values to put back if the
/// mutation fails.
public struct OptimisticUpdate: Sendable {
  /// The prefix of the query stores it changed.
  public let prefix: OperationPath
  let client: ClientReference?
  let previousValues: [(any ManagedStore, any Sendable)]

  /// Puts back the values the update changed.
  func rollBack() {
    for (store, value) in previousValues { store.restore(capturedValue: value) }
  }
}

extension MutationRequest {
  /// Updates the query stores under a path optimistically, in one call: when an attempt
  /// starts, runs in flight under the path are cancelled (so that they cannot overwrite the
  /// change with older data), every value of type `Target` under it is changed by `change` —
  /// on screen at once —, the change is rolled back if the attempt fails or is cancelled, and
  /// the path is invalidated when the attempt settles, so that it is refetched.
  ///
  /// ```swift
  /// let rename = Mutation(["post", "rename"]) { (change: Rename, _) in
  ///   try await api.rename(change.id, to: change.title)
  /// }
  /// .optimisticUpdate(of: Post.self, matching: { ["post", $0.id] }) { post, change in
  ///   post.title = change.title
  /// }
  /// ```
  ///
  /// Chain several to change values of several types or paths (a post, and the feed pages
  /// that list it).
  public func optimisticUpdate<Target: Sendable>(
    of type: Target.Type,
    matching path: @escaping @Sendable (Arguments) -> OperationPath,
    _ change: @escaping @Sendable (inout Target, Arguments) -> Void
  ) -> ModifiedOperation<Self, MutationLifecycleModifier<Self, OptimisticUpdate>> {
    lifecycle(
      onMutate: { arguments, context in
        let prefix = path(arguments)
        guard let client = context.client else {
          return OptimisticUpdate(prefix: prefix, client: nil, previousValues: [])
        }
        client.cancel(matching: prefix)
        let previousValues = client.captureValues(matching: prefix)
        client.updateValues(matching: prefix, of: type) { change(&$0, arguments) }
        return OptimisticUpdate(
          prefix: prefix, client: context.clientReference, previousValues: previousValues)
      },
      onError: { _, _, update in update.rollBack() },
      onSettled: { _, _, update in update.client?.client?.invalidate(matching: update.prefix) })
  }
}
