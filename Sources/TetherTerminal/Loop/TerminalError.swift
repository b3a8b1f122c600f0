import Glibc

/// Why the terminal could not be used. ``NCursesScreen/init(inputDescriptor:outputDescriptor:options:)``
/// finds every case before anything touches the terminal, so an app can print
/// ``description`` and exit at once, with the terminal settings as they were.
///
/// ```swift
/// let screen: NCursesScreen
/// do {
///   screen = try NCursesScreen()
/// } catch {
///   FileHandle.standardError.write(Data("myapp: \(error)\n".utf8))
///   exit(1)
/// }
/// ```
public enum TerminalError: Error, CustomStringConvertible, Equatable {
  /// Standard input or output is not a terminal.
  case notATerminal
  /// `TERM` is not set, so there is no telling what the terminal can do.
  case terminalTypeUnset
  /// terminfo has no entry for this `TERM`.
  case unknownTerminalType(String)
  /// The terminal cannot move the cursor (`TERM=dumb`, an Emacs shell buffer, a CI log).
  case cannotMoveCursor(String)
  /// ncurses could not start on the terminal for another reason.
  case cursesFailed(String)
  /// A system call failed: its name and `errno`.
  case system(String, Int32)
  /// A file the toolkit writes cannot be used, or not safely (a symbolic link in its place,
  /// another user's file): what was refused, in words.
  case file(String)

  public var description: String {
    switch self {
    case .notATerminal: "standard input and output must be a terminal"
    case .terminalTypeUnset: "TERM is not set; set it to your terminal's type, e.g. xterm-256color"
    case .unknownTerminalType(let type):
      "unknown terminal type \(type) (no terminfo entry); set TERM to e.g. xterm-256color"
    case .cannotMoveCursor(let type):
      "the terminal (TERM=\(type)) cannot move the cursor; run this in a full terminal"
    case .cursesFailed(let detail): "cannot start the terminal: \(detail)"
    case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
    case .file(let reason): reason
    }
  }
}
