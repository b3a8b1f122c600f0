/// What `--help` and the man page say about a command, gathered from its declaration; both
/// renderers read this and nothing else.
struct CommandDocumentation {
  /// One line of a list: an option, a positional argument, a subcommand, a variable.
  struct Entry {
    /// `-h, --help`, `--port N`, `FILE`, `core`.
    var label: String
    /// The names alone and the value's, for the man page's bold and italics.
    var names: [String]
    var valueName: String?
    var help: String
  }

  /// The command as typed: `posts`, `tether-bench core`.
  var path: String
  var abstract: String
  var discussion: String
  /// What follows the path on the usage line: `[options] FILE ROWS`.
  var synopsis: String
  var positionals: [Entry] = []
  var options: [Entry] = []
  var subcommands: [CommandDocumentation] = []
  var environment: [EnvironmentVariable] = []
  var sections: [HelpSection] = []
}

extension Command {
  func documentation(path: String) -> CommandDocumentation {
    let visible = arguments.filter { !$0.isHidden }
    let positionals = visible.filter(\.kind.isPositional)
    var options = visible.filter { !$0.kind.isPositional }.map {
      CommandDocumentation.Entry(
        label: $0.label, names: $0.names, valueName: $0.valueName, help: $0.help)
    }
    options += CommandDocumentation.builtInOptions(hasVersion: version != nil)
    let synopsis =
      (["[options]"]
      + positionals.map { argument in
        switch argument.kind {
        case .positional(.optional): "[\(argument.names[0])]"
        case .positional(.many): "[\(argument.names[0])...]"
        default: argument.names[0]
        }
      }).joined(separator: " ")
    return CommandDocumentation(
      path: path, abstract: abstract, discussion: discussion, synopsis: synopsis,
      positionals: positionals.map {
        .init(label: $0.label, names: $0.names, valueName: nil, help: $0.help)
      },
      options: options, environment: environment, sections: sections)
  }
}

extension CommandDocumentation {
  /// `-h, --help`, and `--version` when there is a version: the options every command has.
  static func builtInOptions(hasVersion: Bool) -> [Entry] {
    var options = [Entry(label: "-h, --help", names: BuiltInOption.help, help: "show this help")]
    if hasVersion {
      options.append(
        Entry(
          label: BuiltInOption.version, names: [BuiltInOption.version], help: "show the version"))
    }
    return options
  }
}

extension CommandDocumentation.Entry {
  init(label: String, names: [String], help: String) {
    self.init(label: label, names: names, valueName: nil, help: help)
  }
}
