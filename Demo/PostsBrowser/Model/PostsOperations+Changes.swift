import TetherCore
import TetherHTTP

extension PostsOperations {
  /// The path of the change stream's query.
  public static let changesPath: OperationPath = ["posts", "changes"]

  /// The service's change stream as a query whose value grows with each change: a post whose
  /// change the browser did not make itself (its title differs from the one `knownTitle`
  /// gives, or it is deleted while still known) is marked changed elsewhere. A dropped
  /// connection is retried (a thousand times, backing off to 30 s) and resumes with
  /// Last-Event-ID.
  public func changes(knownTitle: @escaping @Sendable (Int) -> String?)
    -> some QueryRequest<ChangesSeen, HTTPError>
  {
    api.streamedQuery(PostsAPI.changes, path: Self.changesPath, initialValue: ChangesSeen()) {
      seen, change in
      seen.count += 1
      seen.latest = change
      guard let id = change.id else { return }
      switch change.change {
      case "changed" where change.title != knownTitle(id), "deleted" where knownTitle(id) != nil:
        seen.changedElsewhere.insert(id)
      default:
        break
      }
    }
    .retry(limit: 1_000)
  }
}
