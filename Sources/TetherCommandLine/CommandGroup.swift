/// A program of subcommands — `tether-bench core`, `tether attach` — each a ``Command`` of
/// its own options, whose parsed options become one `Result`.
///
/// ```swift
/// enum Probe {
///   case write(WriteOptions)
///   case read(ReadOptions)
/// }
///
/// let probe = CommandGroup<Probe>(
///   "probe", abstract: "Writes and reads a cache file.",
///   subcommands: [
///     Subcommand(writeCommand) { .write($0) },
///     Subcommand(readCommand) { .read($0) },
///   ])
/// switch probe.parseOrExit() {
/// case .write(let options): …
/// case .read(let options): …
/// }
/// ```
///
/// Before the subcommand's name only `--help`, `--version` and `--generate-manpage` are
/// understood; `probe write --help` is the subcommand's help.
public struct CommandGroup<Result> {
  public var name: String
  public var abstract: String
  public var discussion: String
  public var subcommands: [Subcommand<Result>]
  public var environment: [EnvironmentVariable]
  public var sections: [HelpSection]
  public var version: String?

  /// Declares a program of subcommands (`tether-bench core`); the first argument picks one.
  public init(
    _ name: String, abstract: String, discussion: String = "",
    subcommands: [Subcommand<Result>], environment: [EnvironmentVariable] = [],
    sections: [HelpSection] = [], version: String? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.subcommands = subcommands
    self.environment = environment
    self.sections = sections
    self.version = version
  }

  /// Reads `arguments` (without the program's name): the subcommand's name, then its own.
  public func parse(_ arguments: some Sequence<String>) throws(CommandLineError)
    -> Invocation<Result>
  {
    var remaining = Array(arguments)[...]
    func failure(_ message: String) -> CommandLineError {
      CommandLineError(message, command: name)
    }
    while let argument = remaining.popFirst() {
      if let text = BuiltInOption.text(
        for: argument, documentation: { documentation }, version: version)
      {
        return .print(text)
      }
      if argument.hasPrefix("-") && argument != "-" {
        throw failure("unknown option '\(argument)'; options follow the command's name")
      }
      guard let subcommand = subcommands.first(where: { $0.name == argument }) else {
        let names = subcommands.filter { !$0.isHidden }.map(\.name)
        var message = "unknown command '\(argument)'"
        if let suggestion = Suggestion.closest(to: argument, among: names) {
          message += "; did you mean '\(suggestion)'?"
        } else {
          message += "; expected \(EnglishList.or(names))"
        }
        throw failure(message)
      }
      return try subcommand.parse(Array(remaining), "\(name) \(subcommand.name)")
    }
    let names = subcommands.filter { !$0.isHidden }.map(\.name)
    throw failure("missing command: \(EnglishList.or(names))")
  }

  /// `--help`: the usage line, the abstract, and every subcommand with its abstract.
  public var help: String {
    HelpText.render(documentation)
  }

  /// The man page, in roff, with a section for every subcommand.
  public func manPage(section: Int = 1, date: String = "", source: String = "Tether") -> String {
    ManPage.render(documentation, section: section, date: date, source: source)
  }

  private var documentation: CommandDocumentation {
    return CommandDocumentation(
      path: name, abstract: abstract, discussion: discussion, synopsis: "<command> [options]",
      options: CommandDocumentation.builtInOptions(hasVersion: version != nil),
      subcommands: subcommands.filter { !$0.isHidden }.map {
        $0.documentation("\(name) \($0.name)")
      },
      environment: environment, sections: sections)
  }
}

extension CommandGroup: Sendable where Result: Sendable {}

/// One subcommand of a ``CommandGroup``: a command, and what its options become.
public struct Subcommand<Result>: Sendable {
  public let name: String
  public let abstract: String
  /// Whether the group's help and man page leave it out (a mode the program runs itself in).
  public let isHidden: Bool
  let parse: @Sendable ([String], _ path: String) throws(CommandLineError) -> Invocation<Result>
  let documentation: @Sendable (_ path: String) -> CommandDocumentation

  /// A subcommand that parses with `command` and makes the group's result with `make`; a hidden one
  /// is left out of `--help`.
  public init<Options: Sendable>(
    _ command: Command<Options>, isHidden: Bool = false,
    _ transform: @escaping @Sendable (Options) -> Result
  ) {
    name = command.name
    abstract = command.abstract
    self.isHidden = isHidden
    parse = { (arguments, path) throws(CommandLineError) in
      try command.parse(arguments, path: path).map(transform)
    }
    documentation = { path in command.documentation(path: path) }
  }
}
