import Testing
import TetherCommandLine

@Suite struct CommandGroupTests {
  enum Run: Equatable, Sendable {
    case write(file: String, rows: Int)
    case read(file: String)
    case helper
  }

  struct Write: Sendable {
    var file = ""
    var rows = 0
  }

  struct Read: Sendable {
    var file = ""
  }

  let probe = CommandGroup<Run>(
    "probe", abstract: "Writes and reads a cache file.",
    subcommands: [
      Subcommand(
        Command(
          "write", abstract: "writes rows until killed", defaults: Write(),
          arguments: [
            .positional("FILE", value: .file, help: "the cache", to: \.file),
            .option("--rows", value: .integer(in: 1...1000), help: "rows a generation", to: \.rows),
          ])
      ) { .write(file: $0.file, rows: $0.rows) },
      Subcommand(
        Command(
          "read", abstract: "reads as nobody", defaults: Read(),
          arguments: [.positional("FILE", value: .file, help: "the cache", to: \.file)])
      ) { .read(file: $0.file) },
      Subcommand(
        Command("helper", abstract: "not for people", defaults: Read(), arguments: []),
        isHidden: true
      ) { _ in .helper },
    ])

  @Test func theSubcommandReadsTheRest() throws {
    #expect(
      try probe.parse(["write", "/tmp/a", "--rows", "5"]) == .run(.write(file: "/tmp/a", rows: 5)))
    #expect(try probe.parse(["read", "/tmp/a"]) == .run(.read(file: "/tmp/a")))
    #expect(try probe.parse(["helper"]) == .run(.helper))
  }

  @Test func errorsNameTheSubcommand() {
    do {
      _ = try probe.parse(["write", "/tmp/a", "--rows", "0"])
    } catch {
      #expect(
        error.line
          == "probe write: invalid value '0' for --rows: expected a whole number from 1 to 1000 (see probe write --help)"
      )
    }
  }

  @Test(arguments: [
    ([], "missing command: write or read"),
    (["wirte"], "unknown command 'wirte'; did you mean 'write'?"),
    (["list"], "unknown command 'list'; expected write or read"),
    (["--rows", "1"], "unknown option '--rows'; options follow the command's name"),
  ])
  func badCommandLines(arguments: [String], message: String) {
    #expect(throws: CommandLineError(message, command: "probe")) { try probe.parse(arguments) }
  }

  @Test func helpListsTheVisibleCommands() throws {
    #expect(try probe.parse(["-h"]) == .print(probe.help))
    #expect(
      probe.help == """
        Usage: probe <command> [options]

        Writes and reads a cache file.

        Options:
          -h, --help  show this help

        Commands:
          write  writes rows until killed
          read   reads as nobody
        """)
    let subcommandHelp = try #require(try probe.parse(["write", "--help"]).printed)
    #expect(subcommandHelp.hasPrefix("Usage: probe write [options] FILE\n"))
  }

  @Test func theManPageHasASectionPerCommand() {
    let page = probe.manPage()
    #expect(page.contains(".SH COMMANDS\n.SS \"probe write\"\n.B probe write\n[options] FILE\n"))
    #expect(page.contains(".TP\n\\fB\\-\\-rows\\fR \\fIN\\fR\nrows a generation\n"))
    #expect(!page.contains("helper"))
  }
}
