/// `--help`: the usage line, the abstract and discussion, then the arguments, options,
/// subcommands and environment variables in aligned lists, then the sections; 80 columns.
enum HelpText {
  static let width = 80
  /// Labels longer than this get a line of their own, their help starting on the next.
  static let longestInlineLabel = 24

  static func render(_ documentation: CommandDocumentation) -> String {
    var parts = ["Usage: \(documentation.path) \(documentation.synopsis)"]
    parts.append(paragraphs(documentation.abstract + "\n\n" + documentation.discussion))
    let lists: [(String, [(String, String)])] = [
      ("Arguments", documentation.positionals.map { ($0.label, $0.help) }),
      ("Options", documentation.options.map { ($0.label, $0.help) }),
      (
        "Commands",
        documentation.subcommands.map {
          (String($0.path.split(separator: " ").last ?? ""), $0.abstract)
        }
      ),
      ("Environment", documentation.environment.map { ($0.name, $0.help) }),
    ]
    for (title, entries) in lists where !entries.isEmpty {
      parts.append("\(title):\n" + list(entries))
    }
    for section in documentation.sections {
      parts.append(paragraphs(section.text, title: section.title))
    }
    return parts.filter { !$0.isEmpty }.joined(separator: "\n\n")
  }

  /// `text`'s blocks, reflowed, separated by blank lines; `title` starts the first one
  /// (`Limits: request line …`), or stands on a line of its own before a verbatim block.
  static func paragraphs(_ text: String, title: String? = nil, indent: Int = 0) -> String {
    var rendered: [String] = []
    var title = title
    let margin = String(repeating: " ", count: indent)
    for block in TextWrap.blocks(text) {
      var lines: [String]
      switch block {
      case .prose(let prose):
        let text = title.map { "\($0): " + prose } ?? prose
        lines = TextWrap.lines(text, width: width - indent)
      case .verbatim(let verbatim):
        lines = (title.map { ["\($0):"] } ?? []) + verbatim
      }
      title = nil
      rendered.append(lines.map { margin + $0 }.joined(separator: "\n"))
    }
    return rendered.joined(separator: "\n\n")
  }

  /// `  --port N      port to listen on`, help aligned after the longest label that fits on
  /// its line.
  static func list(_ entries: [(label: String, help: String)]) -> String {
    let labelWidth = entries.map(\.label.count).filter { $0 <= longestInlineLabel }.max() ?? 0
    let column = 2 + labelWidth + 2
    let padding = String(repeating: " ", count: column)
    var lines: [String] = []
    for (label, help) in entries {
      let helpLines = TextWrap.lines(help, width: width - column)
      if label.count > labelWidth || helpLines.isEmpty {
        lines.append("  " + label)
        lines += helpLines.map { padding + $0 }
      } else {
        let first = "  " + label + String(repeating: " ", count: column - 2 - label.count)
        lines.append(first + helpLines[0])
        lines += helpLines.dropFirst().map { padding + $0 }
      }
    }
    return lines.joined(separator: "\n")
  }
}
