import Foundation

/// An app for the ``EventLoop``: it draws its whole UI from its state each frame and changes
/// state in response to events.
///
/// ```swift
/// final class Counter: TerminalApp {
///   var count = 0
///   func render(into frame: inout Frame) {
///     frame.write("Count: \(count)", at: Point(x: 0, y: 0))
///   }
///   func handle(_ event: Event, context: EventContext) -> EventResult {
///     switch event {
///     case .key("+"): count += 1; return .handled
///     case .key("q"): return .quit
///     default: return .ignored
///     }
///   }
/// }
/// ```
public protocol TerminalApp {
  /// The smallest size the layout works at; smaller terminals show a short message instead.
  var minimumSize: Size { get }
  /// Draws the whole UI. Called only when something may have changed (an event was handled,
  /// the waker fired, a requested redraw came due, the size changed).
  mutating func render(into frame: inout Frame)
  /// Reacts to one event: a key, paste, click, resize, focus change, or a message from one of
  /// ``inboxes``.
  ///
  /// It runs on the loop's thread, which must never block and never starts a task: return slow
  /// work as ``Command``s in the result, and the loop runs them and delivers the message each
  /// ends in (a blocked loop cannot draw, and only the signal thread's grace period then ends
  /// the app on Ctrl-C or SIGTERM).
  mutating func handle(_ event: Event, context: EventContext) -> EventResult
  /// The work the first screen needs, started once, before the first frame (Bubble Tea's
  /// `Init`): the loop runs these commands like those of ``handle(_:context:)``. None by
  /// default.
  mutating func start(context: EventContext) -> [Command]
  /// The inboxes whose messages the loop delivers to ``handle(_:context:)`` as
  /// ``Event/message(_:)``, before drawing; read once, when the loop is created. None by
  /// default.
  var inboxes: [any MessageSource] { get }
}

extension TerminalApp {
  public var minimumSize: Size { Size(width: 1, height: 1) }
  public var inboxes: [any MessageSource] { [] }
  public func start(context: EventContext) -> [Command] { [] }
}

/// What ``TerminalApp/handle(_:context:)`` knows besides the event.
public struct EventContext: Sendable {
  /// The loop clock's time, e.g. to start a toast or a spinner.
  public let now: Date
  /// The screen size.
  public let size: Size

  /// The context of events handled at `now` on a screen of `size`.
  public init(now: Date, size: Size) {
    self.now = now
    self.size = size
  }
}
