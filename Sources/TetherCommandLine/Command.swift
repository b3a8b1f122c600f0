/// A command's declaration: its name, what it does, the arguments it takes, and the options
/// they fill in, starting from `defaults`. `--help`, its text and the man page are made from
/// the same declaration, so they never disagree with what is parsed.
///
/// ```swift
/// import TetherCommandLine
///
/// struct ServeOptions: Sendable {
///   var port = 8080
///   var latency = Duration.zero
///   var logsRequests = true
/// }
///
/// let serve = Command<ServeOptions>(
///   "serve", abstract: "Serves the sample posts.", defaults: ServeOptions(),
///   arguments: [
///     .option("--port", value: .integer(in: 0...65535), help: "port to listen on", to: \.port),
///     .option("--latency", value: .duration(), help: "added to every request", to: \.latency),
///     .flag("--quiet", help: "do not log requests", setting: \.logsRequests, to: false),
///   ])
///
/// let options = serve.parseOrExit()     // --help prints and exits 0; a bad line exits 2
/// ```
///
/// `--help` and `-h` are always understood, `--version` when there is a ``version``, and the
/// hidden `--generate-manpage` prints the man page (roff) for the docs.
///
/// Name the options type (`Command<ServeOptions>(…)`): a long declaration with it left to
/// inference can take the type checker longer than it allows.
public struct Command<Options> {
  /// The program's name (or the subcommand's): `posts`.
  public var name: String
  /// What the command does, in one sentence: the man page's NAME line and the start of `--help`.
  public var abstract: String
  /// More about it, in paragraphs (see ``HelpSection`` for the format), after the abstract.
  public var discussion: String
  /// The options before any argument is read.
  public var defaults: Options
  public var arguments: [Argument<Options>]
  /// Environment variables the command reads, for `--help` and the man page.
  public var environment: [EnvironmentVariable]
  /// Parts of `--help` after the options (limits, differences, keys).
  public var sections: [HelpSection]
  /// What `--version` prints; nil: no `--version`.
  public var version: String?
  /// Checks the options as a whole once every argument is read, and may complete them;
  /// throws a ``CommandLineError`` whose message is the whole line.
  public var validate: (@Sendable (inout Options) throws(CommandLineError) -> Void)?

  /// Declares a command; see the type's documentation for an example.
  public init(
    _ name: String, abstract: String, discussion: String = "", defaults: Options,
    arguments: [Argument<Options>], environment: [EnvironmentVariable] = [],
    sections: [HelpSection] = [], version: String? = nil,
    validate: (@Sendable (inout Options) throws(CommandLineError) -> Void)? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.defaults = defaults
    self.arguments = arguments
    self.environment = environment
    self.sections = sections
    self.version = version
    self.validate = validate
  }

  /// Reads `arguments` (without the program's name).
  ///
  /// Throws a ``CommandLineError`` for an unknown option, a missing or invalid value, a flag
  /// given a value, a missing or unexpected positional argument, or what ``validate`` refuses.
  public func parse(_ arguments: some Sequence<String>) throws(CommandLineError)
    -> Invocation<Options>
  {
    try parse(Array(arguments), path: name)
  }

  /// `Usage: posts [options]` and the rest of `--help`, wrapped to 80 columns.
  public var help: String {
    HelpText.render(documentation(path: name))
  }

  /// The man page, in roff (`man -l posts.1`); `date` goes in its header (`2026-05-01`), left
  /// out by default so that a page checked in changes only when the command does.
  public func manPage(section: Int = 1, date: String = "", source: String = "Tether") -> String {
    ManPage.render(documentation(path: name), section: section, date: date, source: source)
  }
}

extension Command: Sendable where Options: Sendable {}

/// The options every command understands besides its own.
enum BuiltInOption {
  static let help = ["-h", "--help"]
  static let version = "--version"
  static let manPage = "--generate-manpage"

  /// What `argument` prints when it is a built-in option of a command documented by
  /// `documentation` with `version`: the help, the version, the man page; nil for another
  /// argument.
  static func text(
    for argument: String, documentation: () -> CommandDocumentation, version: String?
  ) -> String? {
    if help.contains(argument) { return HelpText.render(documentation()) }
    if argument == self.version, let version { return version }
    if argument == manPage {
      return ManPage.render(documentation(), section: 1, date: "", source: "Tether")
    }
    return nil
  }
}
