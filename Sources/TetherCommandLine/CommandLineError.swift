/// A command line that cannot be used, said in one line: `unknown option '--bogus'`.
///
/// A tool prints ``line`` on standard error and exits with status 2
/// (``Command/parseOrExit(_:)`` does both).
public struct CommandLineError: Error, Equatable, CustomStringConvertible {
  /// What is wrong: `missing value for --port`, `invalid value '2' for --latency: …`.
  public var message: String
  /// The command as typed, for the line: `posts`, `tether-bench core`.
  public var command: String

  /// An error whose whole line is `message`, said as coming from `command`.
  public init(_ message: String, command: String = "") {
    self.message = message
    self.command = command
  }

  public var description: String { message }

  /// `posts: unknown option '--bogus' (see posts --help)`.
  public var line: String {
    command.isEmpty ? message : "\(command): \(message) (see \(command) --help)"
  }
}

/// Why a value cannot be used, as the end of a sentence: `expected a whole number from 0 to
/// 65535`. The parser frames it with the value and the option: `invalid value '70000' for
/// --port: expected a whole number from 0 to 65535`.
public struct InvalidValue: Error, Equatable, CustomStringConvertible {
  public var reason: String

  /// A value parser's refusal, saying why: `expected a duration like 300ms`.
  public init(_ reason: String) {
    self.reason = reason
  }

  /// `expected ` and `expectation`: `InvalidValue(expected: "an IPv4 address")`.
  public init(expected expectation: String) {
    self.reason = "expected " + expectation
  }

  public var description: String { reason }
}
