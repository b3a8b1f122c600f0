/// What finished work tells the screen: the outcome of a submission or a deletion. Tasks post
/// messages to the app's `Inbox` from any thread; the event loop delivers them to the app on
/// its own thread, before drawing.
enum AppMessage: Sendable {
  case saved(PostEditor.Mode, Post)
  case saveFailed(PostEditor.Mode, String)
  case deleted(Int)
  case deleteFailed(Int, String)
}
