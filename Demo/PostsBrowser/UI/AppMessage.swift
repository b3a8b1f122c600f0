/// What happens off the loop's thread that the screen must react to: the outcome of a
/// submission or a deletion, and a change of the feed (the selection follows its post through
/// it). Tasks and store subscriptions post them to the app's `Inbox` from any thread; the event
/// loop delivers them to the app on its own thread, before drawing.
enum AppMessage: Sendable {
  case saved(PostEditor.Mode, Post)
  case saveFailed(PostEditor.Mode, String)
  /// An edit the server refused: what was typed, the post as it was, and why.
  case editFailed(Int, PostDraft, original: PostDraft?, String)
  /// A deletion ended: the server deleted the post, or no longer had it.
  case deleted(Int, PostsModel.Deletion)
  case deleteFailed(Int, String)
  /// A comment the server refused (it left the post again): the post, the text, and why.
  case commentFailed(Int, String, String)
  /// A comment's deletion the server refused (it is back): why.
  case commentDeleteFailed(String)
  /// The feed's state changed (pages arrived, a refetch, an optimistic change).
  case feedChanged
  /// A new post waits for the server to come back (it is sent then, or at the next launch).
  case queued(PostDraft)
  /// An edit or a deletion (`Edit of post #3`) waits for the server to come back.
  case writeQueued(String)
  /// The `--url` server stopped answering: it is asked again every few seconds.
  case serverLost
  /// Time to ask the server again, if it still does not answer.
  case probeDue
  /// The server was asked again (its answer, or refusal, is in the reachability).
  case probed
  /// A file could not be used as it was (the cache damaged, locked, read-only, full), or was
  /// made private (the cache or the log, readable by others before).
  case fileNotice(String)
  /// A viewer (`tether attach`) changed the faults or the offline mock: the status bar shows
  /// them.
  case viewerChanged
}
