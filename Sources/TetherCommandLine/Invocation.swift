/// What a command line asks for: to run with the options it gave, or only to print something
/// (`--help`, `--version`, the man page) and exit with status 0.
public enum Invocation<Options> {
  case run(Options)
  /// Text for standard output, ending without a newline.
  case print(String)

  /// The options to run with; nil when the command line only asked for text.
  public var options: Options? {
    if case .run(let options) = self { return options }
    return nil
  }

  /// The text to print; nil when the command line asked to run.
  public var printed: String? {
    if case .print(let text) = self { return text }
    return nil
  }

  /// The invocation with `transform` applied to its options.
  public func map<Other>(_ transform: (Options) -> Other) -> Invocation<Other> {
    switch self {
    case .run(let options): .run(transform(options))
    case .print(let text): .print(text)
    }
  }
}

extension Invocation: Sendable where Options: Sendable {}
extension Invocation: Equatable where Options: Equatable {}
