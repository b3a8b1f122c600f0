/// A titled part of `--help` after the options, and a section of the man page:
/// `HelpSection("Limits", "request line and headers 16 KiB …")`.
///
/// Text is paragraphs separated by blank lines, reflowed to the width; lines that start with
/// two spaces are kept as they are (examples, commands).
public struct HelpSection: Sendable, Equatable {
  public var title: String
  public var text: String

  /// A part of `--help` and the man page: a title and its paragraphs.
  public init(_ title: String, _ text: String) {
    self.title = title
    self.text = text
  }
}

/// An environment variable a command reads, listed in `--help` and in the man page's
/// ENVIRONMENT section.
public struct EnvironmentVariable: Sendable, Equatable {
  public var name: String
  public var help: String

  /// A variable the command reads, named and explained in `--help` and the man page.
  public init(_ name: String, help: String) {
    self.name = name
    self.help = help
  }
}
