import Glibc

extension Command {
  /// For a program's `main.swift`: the options of `arguments`, or the process ends — after
  /// printing `--help`, `--version` or the man page with status 0, after printing the error's
  /// one line on standard error with status 2.
  public func parseOrExit(
    _ arguments: some Sequence<String> = CommandLine.arguments.dropFirst()
  ) -> Options {
    ExitingParse.options(of: { () throws(CommandLineError) in try parse(arguments) })
  }
}

extension CommandGroup {
  /// For a program's `main.swift`: what the subcommand's options became, or the process ends,
  /// as ``Command/parseOrExit(_:)`` says.
  public func parseOrExit(
    _ arguments: some Sequence<String> = CommandLine.arguments.dropFirst()
  ) -> Result {
    ExitingParse.options(of: { () throws(CommandLineError) in try parse(arguments) })
  }
}

enum ExitingParse {
  static func options<Options>(
    of parse: () throws(CommandLineError) -> Invocation<Options>
  ) -> Options {
    do {
      switch try parse() {
      case .run(let options):
        return options
      case .print(let text):
        write(text + "\n", to: STDOUT_FILENO)
        exit(0)
      }
    } catch {
      write(error.line + "\n", to: STDERR_FILENO)
      exit(2)
    }
  }

  /// Writes all of `text`, retrying short writes.
  static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      bytes = bytes.dropFirst(written)
    }
  }
}
