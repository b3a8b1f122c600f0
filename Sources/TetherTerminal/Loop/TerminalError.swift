import Glibc

/// Why the terminal could not be used.
public enum TerminalError: Error, CustomStringConvertible, Equatable {
  /// Standard input or output is not a terminal.
  case notATerminal
  /// ncurses could not start on the terminal, e.g. an unknown `TERM`.
  case cursesFailed(String)
  /// A system call failed: its name and `errno`.
  case system(String, Int32)

  public var description: String {
    switch self {
    case .notATerminal: "standard input and output must be a terminal"
    case .cursesFailed(let detail): "cannot start the terminal: \(detail)"
    case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
    }
  }
}
