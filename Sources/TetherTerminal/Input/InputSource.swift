/// What an input source delivers to the event loop: app events and terminal control requests.
public enum Input: Hashable, Sendable {
  case event(Event)
  /// The process was asked to stop (SIGTSTP); the loop suspends the screen.
  case suspendRequested
  /// The process was continued after a stop it did not start (SIGCONT); the loop repaints.
  case resumed
  /// SIGINT, SIGTERM, SIGHUP or SIGQUIT: the loop restores the terminal and ends the process
  /// with that signal.
  case terminationRequested(signal: Int32)
}

/// Where the event loop gets input: the terminal (``NCursesScreen``) or a script in tests
/// (``ScriptedInput``).
public protocol InputSource: AnyObject {
  /// Descriptors that become readable when input is waiting; the loop polls them.
  var readinessDescriptors: [Int32] { get }
  /// Everything available now, without blocking.
  func read() -> [Input]
}
