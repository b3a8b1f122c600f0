import TetherCommandLine

/// What `tether` was asked to do.
enum ToolRun: Sendable {
  case list
  case attach(AttachOptions)
  case record(RecordOptions)
  case replay(ReplayOptions)
}

struct ListOptions: Sendable {}

struct AttachOptions: Sendable {
  var target: String?
  var config: String?
}

struct RecordOptions: Sendable {
  var target = ""
  var output = ""
  var duration: Duration?
}

struct ReplayOptions: Sendable {
  var file = ""
  var config: String?
}

/// `tether`'s command line.
enum ToolCommand {
  static let target = ValueParser<String>(
    placeholder: "PID|SOCKET|NAME", expecting: "a pid, a socket's path or a name"
  ) { $0.isEmpty ? nil : $0 }

  /// `--config FILE`, of the commands that show the devtools.
  static func config<Options>(
    _ path: WritableKeyPath<Options, String?> & Sendable
  ) -> Argument<Options> {
    .option(
      "--config", value: .file,
      help: "the devtools' keys, theme and first panel from FILE (default"
        + " $XDG_CONFIG_HOME/tether/config.json); a bad file is said once and the defaults used",
      to: path)
  }

  static let group = CommandGroup<ToolRun>(
    "tether",
    abstract: "Browse any running Tether process from the terminal: its stores, runs and requests.",
    discussion: """
      A process that calls Inspector.start(client:name:) listens on a socket of this user's \
      alone ($XDG_RUNTIME_DIR/tether/PID.sock, or /tmp/tether-UID/PID.sock); tether lists \
      those processes, shows their devtools live, records what they do and replays it.
      """,
    subcommands: [
      Subcommand(
        Command<ListOptions>(
          "list", abstract: "every inspectable process of this user: pid, name, stores, uptime",
          defaults: ListOptions(), arguments: [])
      ) { _ in .list },
      Subcommand(
        Command<AttachOptions>(
          "attach",
          abstract: "the devtools full screen on a process (with no argument: the only one)",
          discussion: """
            Every key of the devtools acts on the process: r refetches there, F sets the faults \
            it injects and ! fails the next requests of a store (when its inspector has a fault \
            target). Press ? in the viewer for every key.
            """,
          defaults: AttachOptions(),
          arguments: [
            .positional(
              "TARGET", value: target, help: "a pid, a socket's path or a process's name",
              to: \.target),
            config(\.config),
          ])
      ) { .attach($0) },
      Subcommand(
        Command<RecordOptions>(
          "record", abstract: "save what a process does as timestamped JSON lines",
          defaults: RecordOptions(),
          arguments: [
            .positional(
              "TARGET", value: target, help: "a pid, a socket's path or a process's name",
              to: \.target),
            .option(
              "--output", "-o", value: .file, help: "the recording to create (made 0600)",
              to: \.output),
            .option(
              "--duration", value: .duration(),
              help: "stop after D (default: until the process exits or Ctrl-C)",
              to: \.duration),
          ])
      ) { .record($0) },
      Subcommand(
        Command<ReplayOptions>(
          "replay", abstract: "the devtools over a recording, with a time cursor",
          defaults: ReplayOptions(),
          arguments: [
            .positional(
              "FILE", value: .file, help: "a recording made by tether record", to: \.file),
            config(\.config),
          ])
      ) { .replay($0) },
    ])
}
