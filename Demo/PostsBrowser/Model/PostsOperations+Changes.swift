import TetherCore
import TetherHTTP

extension PostsOperations {
  /// The path of the change stream's query.
  public static let changesPath: OperationPath = ["posts", "changes"]

  /// The service's change stream as a query whose value grows with each change: a post whose
  /// title or body someone else changed, or that someone else deleted while `knownTitle`
  /// still gives its title, is marked changed elsewhere (``PostChange/marksChangedElsewhere(knownTitle:)``).
  /// A dropped or ended connection is reopened after the service's `retry:` delay and resumes
  /// with Last-Event-ID: for as long as connections deliver events, and up to a thousand
  /// times in a row when they do not.
  public func changes(knownTitle: @escaping @Sendable (Int) -> String?)
    -> some QueryRequest<ChangesSeen, HTTPError>
  {
    api.streamedQuery(PostsAPI.changes, path: Self.changesPath, initialValue: ChangesSeen()) {
      seen, change in
      seen.count += 1
      seen.latest = change
      guard let id = change.id, change.marksChangedElsewhere(knownTitle: knownTitle(id)) else {
        return
      }
      seen.changedElsewhere.insert(id)
    }
    .retry(limit: 1_000)
  }
}
