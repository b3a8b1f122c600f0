import Testing
import TetherCommandLine

@Suite struct CommandParsingTests {
  @Test func defaultsWithoutArguments() throws {
    #expect(try sample.parse([]) == .run(SampleOptions()))
  }

  @Test func everyKindOfArgument() throws {
    let options = try #require(
      try sample.parse([
        "-p", "9000", "--fail-rate=0.25", "--latency", "1.5s", "--color", "never",
        "--fail-status", "500, 503", "-q", "-v", "--verbose", "--route", "/posts",
        "--route=/users", "--log", "/tmp/x.log", "--url", "http://a", "--seed", "7",
      ]).options)
    #expect(options.port == 9000)
    #expect(options.rate == 0.25)
    #expect(options.latency == .milliseconds(1500))
    #expect(options.color == .never)
    #expect(options.statuses == [500, 503])
    #expect(options.quiet)
    #expect(options.verbosity == 2)
    #expect(options.routes == ["/posts", "/users"])
    #expect(options.log == "/tmp/x.log")
    #expect(options.url == "http://a")
    #expect(options.seed == 7)
  }

  @Test func theLastValueOfAnOptionGivenTwiceCounts() throws {
    #expect(try sample.parse(["--port", "1", "--port=2"]).options?.port == 2)
  }

  @Test func aValueMayStartWithADashOrBeEmptyAfterEquals() throws {
    #expect(
      refusal(sample, ["--port", "-1"])
        == "invalid value '-1' for --port: expected a whole number from 0 to 65535")
    #expect(refusal(sample, ["--log="]) == "invalid value '' for --log: expected a file name")
  }

  @Test func helpVersionAndTheManPageArePrintedNotRun() throws {
    #expect(try sample.parse(["--help"]) == .print(sample.help))
    #expect(try sample.parse(["--port", "1", "-h"]) == .print(sample.help))
    #expect(try sample.parse(["--version"]) == .print("sample 1.0"))
    #expect(try sample.parse(["--generate-manpage"]) == .print(sample.manPage()))
    #expect(refusal(sample, ["--help=yes"]) == "--help takes no value")
  }

  @Test(arguments: [
    (["--bogus"], "unknown option '--bogus'"),
    (["--latencey", "2s"], "unknown option '--latencey'; did you mean '--latency'?"),
    (["--port"], "missing value for --port"),
    (
      ["--port", "70000"],
      "invalid value '70000' for --port: expected a whole number from 0 to 65535"
    ),
    (["--fail-rate", "1.5"], "invalid value '1.5' for --fail-rate: expected a number from 0 to 1"),
    (["--fail-rate", "nan"], "invalid value 'nan' for --fail-rate: expected a number from 0 to 1"),
    (
      ["--latency", "200"],
      "invalid value '200' for --latency: expected a number and a unit, like 300ms, 2s or 1.5m, at most 1m"
    ),
    (
      ["--color", "sometimes"],
      "invalid value 'sometimes' for --color: expected never, auto or always"
    ),
    (
      ["--fail-status", "429,abc"],
      "invalid value '429,abc' for --fail-status: 'abc' is not valid: expected a whole number from 400 to 599"
    ),
    (["--quiet=yes"], "--quiet takes no value"),
    (["extra"], "unexpected argument 'extra'"),
    (["--seed", "-1"], "invalid value '-1' for --seed: expected a whole number"),
  ])
  func badArgumentsAreRefusedInOneLine(arguments: [String], message: String) {
    #expect(refusal(sample, arguments) == message)
  }

  @Test func aSecretInTheValueIsNotRepeated() {
    #expect(
      refusal(sample, ["--url", "ftp://u:secret@h"])
        == "invalid value 'ftp://u:******@h' for --url: expected an http URL")
  }

  @Test func theErrorLineNamesTheCommandAndItsHelp() {
    do {
      _ = try sample.parse(["--bogus"])
      Issue.record("accepted --bogus")
    } catch {
      #expect(error.line == "sample: unknown option '--bogus' (see sample --help)")
    }
  }

  @Test func hiddenOptionsAreParsedButNeitherShownNorSuggested() {
    #expect(!sample.help.contains("--seed"))
    #expect(!sample.manPage().contains("seed"))
    #expect(refusal(sample, ["--sed", "1"]) == "unknown option '--sed'")
  }

  @Test func validationSeesEveryOptionAndSaysTheWholeLine() throws {
    var command = sample
    command.validate = { (options) throws(CommandLineError) in
      if options.quiet && options.verbosity > 0 {
        throw CommandLineError("--quiet and --verbose contradict each other")
      }
      options.routes.sort()
    }
    #expect(refusal(command, ["-q", "-v"]) == "--quiet and --verbose contradict each other")
    #expect(try command.parse(["--route", "b", "--route", "a"]).options?.routes == ["a", "b"])
  }
}

@Suite struct PositionalArgumentTests {
  struct Copy: Sendable, Equatable {
    var source = ""
    var target = ""
    var mode: String?
    var rest: [Int] = []
    var force = false
  }

  let copy = Command(
    "copy", abstract: "Copies.", defaults: Copy(),
    arguments: [
      .positional("SOURCE", value: .file, help: "what to copy", to: \.source),
      .positional("TARGET", value: .file, help: "where to", to: \.target),
      .positional("MODE", value: .string, help: "how", to: \.mode),
      .positionals("N", value: .integer(), help: "numbers", appendingTo: \.rest),
      .flag("-f", help: "overwrite", setting: \.force),
    ])

  @Test func requiredThenOptionalThenTheRest() throws {
    #expect(try copy.parse(["a", "b"]).options == Copy(source: "a", target: "b"))
    #expect(
      try copy.parse(["a", "-f", "b", "m"]).options
        == Copy(source: "a", target: "b", mode: "m", force: true))
    #expect(try copy.parse(["a", "b", "m", "1", "2"]).options?.rest == [1, 2])
  }

  @Test func afterTwoDashesEverythingIsPositional() throws {
    #expect(try copy.parse(["--", "-f", "b"]).options == Copy(source: "-f", target: "b"))
  }

  @Test func missingAndInvalidPositionals() {
    #expect(refusal(copy, ["a"]) == "missing TARGET")
    #expect(
      refusal(copy, ["a", "b", "m", "x"]) == "invalid value 'x' for N: expected a whole number")
  }

  @Test func theUsageLineShowsThem() {
    #expect(copy.help.hasPrefix("Usage: copy [options] SOURCE TARGET [MODE] [N...]\n"))
    #expect(copy.help.contains("Arguments:\n  SOURCE  what to copy\n"))
  }
}
