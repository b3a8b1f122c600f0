/// The man page of a command, in roff (the `man` macros): NAME, SYNOPSIS, DESCRIPTION, then
/// ARGUMENTS, OPTIONS, COMMANDS and ENVIRONMENT as there are, then the help's sections.
enum ManPage {
  static func render(
    _ documentation: CommandDocumentation, section: Int, date: String, source: String
  ) -> String {
    let title = documentation.path.replacingSpaces(with: "-").uppercased()
    var lines = [
      ".TH \(quoted(title)) \(section) \(quoted(date)) \(quoted(source)) \(quoted(manual(section)))",
      ".SH NAME",
      "\(escape(documentation.path)) \\- \(escape(documentation.abstract))",
      ".SH SYNOPSIS",
    ]
    lines += synopsis(documentation)
    lines.append(".SH DESCRIPTION")
    lines += paragraphs(documentation.abstract + "\n\n" + documentation.discussion)
    lines += body(documentation, headed: true)
    if !documentation.subcommands.isEmpty {
      lines.append(".SH COMMANDS")
      for subcommand in documentation.subcommands {
        lines.append(".SS \(quoted(subcommand.path))")
        lines += synopsis(subcommand)
        lines += paragraphs(subcommand.abstract + "\n\n" + subcommand.discussion)
        lines += body(subcommand, headed: false)
      }
    }
    if !documentation.environment.isEmpty {
      lines.append(".SH ENVIRONMENT")
      for variable in documentation.environment {
        lines += [".TP", ".B \(escape(variable.name))", escape(variable.help)]
      }
    }
    for helpSection in documentation.sections {
      lines.append(".SH \(quoted(helpSection.title.uppercased()))")
      lines += paragraphs(helpSection.text)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func manual(_ section: Int) -> String {
    switch section {
    case 1: "User Commands"
    case 5: "File Formats"
    case 7: "Miscellaneous"
    case 8: "System Administration"
    default: "Manual"
    }
  }

  private static func synopsis(_ documentation: CommandDocumentation) -> [String] {
    [".B \(escape(documentation.path))", escape(documentation.synopsis), ".PP"]
  }

  /// The arguments and options of `documentation`, each list under its own section heading
  /// when `headed` (a subcommand's follow its description).
  private static func body(_ documentation: CommandDocumentation, headed: Bool) -> [String] {
    var lines: [String] = []
    let lists: [(String, [CommandDocumentation.Entry])] = [
      ("ARGUMENTS", documentation.positionals), ("OPTIONS", documentation.options),
    ]
    for (title, entries) in lists where !entries.isEmpty {
      if headed { lines.append(".SH \(title)") }
      for entry in entries {
        lines += [".TP", tag(entry), escape(entry.help)]
      }
    }
    return lines
  }

  /// `\fB\-\-port\fR \fIN\fR`: names in bold, the value's name in italics.
  private static func tag(_ entry: CommandDocumentation.Entry) -> String {
    guard entry.names.first?.hasPrefix("-") == true else {
      return "\\fI\(escape(entry.label))\\fR"
    }
    let names = entry.names.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
    return entry.valueName.map { names + " \\fI\(escape($0))\\fR" } ?? names
  }

  private static func paragraphs(_ text: String) -> [String] {
    var lines: [String] = []
    for block in TextWrap.blocks(text) {
      switch block {
      case .prose(let prose):
        lines += [".PP", escape(prose)]
      case .verbatim(let verbatim):
        lines += [".PP", ".RS 2", ".nf"]
        lines += verbatim.map { escape(String($0.dropFirst(2))) }
        lines += [".fi", ".RE"]
      }
    }
    return lines
  }

  /// `text` as roff shows it literally: backslashes and minus signs escaped, and a line that
  /// would start with a control character (`.` or `'`) guarded.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      default: escaped.append(character)
      }
    }
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }

  private static func quoted(_ text: String) -> String {
    "\"" + escape(text).replacingDoubleQuotes() + "\""
  }
}

extension String {
  fileprivate func replacingSpaces(with replacement: String) -> String {
    split(separator: " ").joined(separator: replacement)
  }

  /// `"` as roff writes it inside a quoted macro argument.
  fileprivate func replacingDoubleQuotes() -> String {
    var result = ""
    for character in self { result += character == "\"" ? "\"\"" : String(character) }
    return result
  }
}
