/// What an app did with an event, and the work it wants started: the value
/// ``TerminalApp/handle(_:context:)`` returns.
///
/// ```swift
/// return .handled                                  // draw a frame
/// return .handled(running: save(draft))            // draw, and start a command
/// return .ignored                                  // nothing changed
/// ```
///
/// Switch on ``disposition``; `==` also compares the commands.
public struct EventResult: Sendable, Equatable {
  /// Whether the event changed anything, or ends the app.
  public enum Disposition: Sendable, Equatable {
    /// The event changed something: draw a frame.
    case handled
    /// The event meant nothing to the app: no frame. An ignored Ctrl-C quits, so it always
    /// works unless the app takes it (e.g. to ask first). Ctrl-Z never reaches the app: the
    /// loop suspends.
    case ignored
    /// Leave the loop (its running commands are cancelled).
    case quit
  }

  /// Whether the event changed anything, or ends the app.
  public var disposition: Disposition
  /// The work to start, in order; see ``Command``.
  public var commands: [Command]

  /// `disposition`, starting `commands`.
  public init(_ disposition: Disposition, running commands: [Command] = []) {
    self.disposition = disposition
    self.commands = commands
  }

  /// The event changed something: draw a frame.
  public static let handled = EventResult(.handled)
  /// The event meant nothing to the app: no frame (an ignored Ctrl-C quits).
  public static let ignored = EventResult(.ignored)
  /// Leave the loop.
  public static let quit = EventResult(.quit)

  /// The event changed something, and `commands` start.
  public static func handled(running commands: Command...) -> EventResult {
    EventResult(.handled, running: commands)
  }

  /// The event changed something, and `commands` start.
  public static func handled(running commands: [Command]) -> EventResult {
    EventResult(.handled, running: commands)
  }

  /// This result with `commands` started after its own. Starting work changes what is shown
  /// (a spinner, an optimistic change), so an ignored event becomes handled.
  public func running(_ commands: [Command]) -> EventResult {
    guard !commands.isEmpty else { return self }
    let disposition = disposition == .ignored ? .handled : disposition
    return EventResult(disposition, running: self.commands + commands)
  }

}
