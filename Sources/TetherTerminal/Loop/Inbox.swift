import TetherSynchronization

/// Where messages that answer no event reach the event loop: a store's subscription, a
/// server's notice, a file watcher. Anything posts a message from any thread; the loop wakes,
/// and the app receives it as ``Event/message(_:)`` on the loop's thread, before the next frame
/// is drawn. (Work started by an event is a ``Command`` instead: the loop runs it and delivers
/// its message the same way.)
///
/// The app lists its inboxes in ``TerminalApp/inboxes``; the loop connects to them when it is
/// created. Messages posted earlier wait for it.
///
/// ```swift
/// enum FeedMessage: Sendable { case feedChanged }
///
/// final class FeedScreen: TerminalApp {
///   let messages = Inbox<FeedMessage>()
///   var inboxes: [any MessageSource] { [messages] }
///
///   init(store: FeedStore) {
///     let messages = messages
///     subscription = store.subscribe { _ in messages.post(.feedChanged) }
///   }
///
///   func handle(_ event: Event, context: EventContext) -> EventResult {
///     if event.message(as: FeedMessage.self) == .feedChanged {
///       ... // on the loop's thread: follow the selection, show a toast
///       return .handled
///     }
///     ...
///   }
/// }
/// ```
public final class Inbox<Message: Sendable>: MessageSource {
  private struct State {
    var messages: [Message] = []
    var observers: [@Sendable () -> Void] = []
  }

  private let state = SanitizerVisibleMutex(State())

  /// An empty inbox.
  public init() {}

  /// Queues `message` and wakes whoever listens (the loop, and any ``onPost(_:)`` observer).
  /// Safe from any thread; never blocks for long (one short lock).
  public func post(_ message: Message) {
    let observers = state.withLock { state in
      state.messages.append(message)
      return state.observers
    }
    for observer in observers { observer() }
  }

  /// Calls `observer` (on the posting thread) after every post, e.g. a test's change signal.
  /// The event loop connects itself this way.
  public func onPost(_ observer: @escaping @Sendable () -> Void) {
    let hasMessages = state.withLock { state in
      state.observers.append(observer)
      return !state.messages.isEmpty
    }
    if hasMessages { observer() }
  }

  /// How many messages wait.
  public var count: Int { state.withLock { $0.messages.count } }

  /// Every message posted since the last call, oldest first.
  public func take() -> [Message] {
    state.withLock { state in
      defer { state.messages.removeAll() }
      return state.messages
    }
  }

  public func takeMessages() -> [any Sendable] { take() }
}

/// Something the event loop takes messages from: an ``Inbox`` of any message type.
public protocol MessageSource: AnyObject, Sendable {
  /// Calls `observer` after every post.
  func onPost(_ observer: @escaping @Sendable () -> Void)
  /// Every message posted since the last call, oldest first.
  func takeMessages() -> [any Sendable]
}

/// A message from an ``Inbox``, as the loop delivers it in ``Event/message(_:)``.
///
/// Messages are occurrences, not values: each delivery is equal only to itself.
public struct PostedMessage: Hashable, Sendable, CustomStringConvertible {
  /// What was posted; cast it to your message type, or use ``Event/message(as:)``.
  public let value: any Sendable
  private let sequence: UInt64

  init(_ value: any Sendable, sequence: UInt64) {
    self.value = value
    self.sequence = sequence
  }

  public static func == (left: PostedMessage, right: PostedMessage) -> Bool {
    left.sequence == right.sequence
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(sequence) }

  public var description: String { "message \(sequence): \(value)" }
}
