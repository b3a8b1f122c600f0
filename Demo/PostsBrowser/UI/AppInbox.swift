import TetherSynchronization

/// What finished work tells the screen: the outcome of a submission or a deletion. Tasks post
/// messages from any thread; the screen takes them on its own thread before drawing.
enum AppMessage: Sendable {
  case saved(PostEditor.Mode, Post)
  case saveFailed(PostEditor.Mode, String)
  /// An edit the server refused: what was typed, the post as it was, and why.
  case editFailed(Int, PostDraft, original: PostDraft?, String)
  case deleted(Int)
  case deleteFailed(Int, String)
}

/// A thread-safe mailbox of ``AppMessage``s that wakes the screen when a message arrives.
final class AppInbox: Sendable {
  private let messages = SanitizerVisibleMutex<[AppMessage]>([])
  private let wake = SanitizerVisibleMutex<(@Sendable () -> Void)?>(nil)

  /// Calls `wake` whenever a message arrives.
  func onMessage(_ wake: @escaping @Sendable () -> Void) {
    self.wake.withLock { $0 = wake }
  }

  func post(_ message: AppMessage) {
    messages.withLock { $0.append(message) }
    wake.withLock { $0 }?()
  }

  /// Every message posted since the last call, oldest first.
  func take() -> [AppMessage] {
    messages.withLock { messages in
      defer { messages.removeAll() }
      return messages
    }
  }
}
