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
  ///
  /// - Parameters:
  ///   - type: The type of the values to change (a post, a page of posts).
  ///   - path: The path prefix whose stores the change applies to, from the mutation's
  ///     arguments.
  ///   - runsInFlight: `.cancel` (TanStack Query's way) stops the runs in flight under the
  ///     path; `.wait` lets them finish and makes the change again on what each stores — for
  ///     a list whose first load or next page must not end cancelled because a post in it was
  ///     edited (see ``OptimisticUpdate/RunsInFlight``).
  ///   - invalidatesWhenSettled: Whether the path is invalidated when the attempt settles
  ///     (TanStack's `onSettled`). Pass false for a server that answers writes without
  ///     keeping them: refetching would undo the change it just accepted.
  ///   - change: Changes one value in place for the mutation's arguments.
  public func optimisticUpdate<Target: Sendable>(
    of type: Target.Type,
    matching path: @escaping @Sendable (Arguments) -> OperationPath,
    runsInFlight: OptimisticUpdate.RunsInFlight = .cancel,
    invalidatesWhenSettled: Bool = true,
    _ change: @escaping @Sendable (inout Target, Arguments) -> Void
  ) -> ModifiedOperation<Self, MutationLifecycleModifier<Self, OptimisticUpdate>> {
    lifecycle(
      onMutate: { arguments, context in
        let prefix = path(arguments)
        guard let client = context.client else {
          return OptimisticUpdate(
            prefix: prefix, client: nil, record: nil,
            invalidatesWhenSettled: invalidatesWhenSettled)
        }
        let record = OptimisticRecord(
          client: client, prefix: prefix, runsInFlight: runsInFlight, type: type
        ) { change(&$0, arguments) }
        return OptimisticUpdate(
          prefix: prefix, client: context.clientReference, record: record,
          invalidatesWhenSettled: invalidatesWhenSettled)
      },
      onError: { _, _, update in update.rollBack() },
      onSettled: { _, _, update in update.settle() })
  }
}
