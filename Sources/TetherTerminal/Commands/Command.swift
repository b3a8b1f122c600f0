import Foundation
import TetherSynchronization

/// Work an event handler asks the ``EventLoop`` to start, Bubble Tea style: an async function
/// that ends in a message.
///
/// A handler never starts a task. It changes its state and returns what should run as values in
/// its ``EventResult``; the loop starts each command at once (its work runs on the loop's thread
/// until it first waits, so a store that starts loading shows so in the frame that answers the
/// key), and delivers the message the work ends in as ``Event/message(_:)``, on the loop's
/// thread, before the next frame. Work that ends in `nil` (or `Void`) delivers nothing.
///
/// The loop cancels a command when the ``CommandScope`` it belongs to ends (a layer popped, a
/// screen closed) and when the loop finishes; the message of a cancelled command is never
/// delivered, so a handler never hears from work whose screen is gone. Work tells its failures
/// apart by type (`catch is CancellationError`, `catch let error as OperationError<…>`) and turns
/// each into a message of its own.
///
/// ```swift
/// enum FeedMessage: Sendable { case refreshed([String]), failed(String) }
///
/// func refresh() -> EventResult {
///   .handled(running: Command("refresh the feed") {
///     do { return FeedMessage.refreshed(try await api.titles()) } catch {
///       return FeedMessage.failed("\(error)")
///     }
///   })
/// }
/// ```
///
/// Handlers stay pure functions — event in, state changed, commands out — so tests call them
/// directly and look at ``name``, or run a command with ``run(clock:)`` and hand its message back.
public struct Command: Sendable, Equatable, CustomStringConvertible {
  /// The work, given the loop's clock.
  typealias Work = @Sendable (any TetherClock) async -> (any Sendable)?

  /// What the command does, in words (`"save post 3"`): for tests, logs and debugging.
  public let name: String
  /// The scope whose end cancels the command; nil lives until the loop finishes.
  public private(set) var scope: CommandScope?
  /// Whether the loop's end leaves the command running (see ``survivingQuit()``).
  public private(set) var survivesQuit = false
  let work: Work
  private let identity: UInt64

  /// A command named `name` whose `work` ends in a message for the app (or `nil` for none).
  public init<Message: Sendable>(
    _ name: String, _ work: @escaping @Sendable () async -> Message?
  ) {
    self.init(name: name) { _ in await work() }
  }

  init(name: String, work: @escaping Work) {
    self.name = name
    self.work = work
    identity = Self.nextIdentity.withLock { next in
      next += 1
      return next
    }
  }

  /// A command that waits `delay` on the loop's clock and then delivers `message`: a timer, as
  /// Bubble Tea's `Tick`. Tests move a `TestClock` to make it fire.
  public static func after<Message: Sendable>(
    _ delay: Duration, deliver message: Message, name: String? = nil
  ) -> Command {
    Command(name: name ?? "after \(delay)") { clock in
      do {
        try await clock.sleep(for: delay)
        return message
      } catch {
        return nil
      }
    }
  }

  /// This command, cancelled when `scope` ends (see ``CommandScope/cancel()``).
  public func scoped(to scope: CommandScope) -> Command {
    var command = self
    command.scope = scope
    return command
  }

  /// This command, left running when the loop finishes: a write that must reach the server, or
  /// the cache that sends it at the next launch, rather than be cancelled (and rolled back)
  /// because the user quit. Its message is not delivered; the end of the process ends it.
  /// Its scope still cancels it.
  public func survivingQuit() -> Command {
    var command = self
    command.survivesQuit = true
    return command
  }

  /// Runs the work here and returns its message (`nil` when it ends in none): how a test runs
  /// a command a handler returned, without a loop.
  public func run(clock: any TetherClock = SystemClock()) async -> (any Sendable)? {
    let message = await work(clock)
    return message is Void ? nil : message
  }

  /// The command's ``name``.
  public var description: String { name }

  /// Copies of one command are equal; two commands made apart never are.
  public static func == (left: Command, right: Command) -> Bool {
    left.identity == right.identity && left.scope === right.scope
      && left.survivesQuit == right.survivesQuit
  }

  private static let nextIdentity = SanitizerVisibleMutex<UInt64>(0)
}
