import TetherCommandLine

/// A tool's options, touching every kind of argument.
struct SampleOptions: Sendable, Equatable {
  enum Color: String, CaseIterable, Sendable {
    case never, auto, always
  }

  var port = 8080
  var rate = 0.0
  var latency = Duration.zero
  var color = Color.auto
  var statuses: [Int] = []
  var quiet = false
  var verbosity = 0
  var routes: [String] = []
  var log: String?
  var url = ""
  var seed: UInt64 = 1
}

let sample = Command(
  "sample", abstract: "Serves samples for the tests.",
  discussion: "It listens on the loopback address.", defaults: SampleOptions(),
  arguments: [
    .option("--port", "-p", value: .integer(in: 0...65535), help: "port to listen on", to: \.port),
    .option("--fail-rate", value: .rate, help: "share of requests that fail", to: \.rate),
    .option(
      "--latency", value: .duration(in: .zero ... .seconds(60)), help: "added to every request",
      to: \.latency),
    .option("--color", value: .choice, help: "colours", to: \.color),
    .option(
      "--fail-status", value: .list(of: .integer(in: 400...599)),
      help: "statuses of injected failures", to: \.statuses),
    .flag("--quiet", "-q", help: "do not log requests", setting: \.quiet),
    .counter("-v", "--verbose", help: "say more", counting: \.verbosity),
    .option("--route", value: .string, help: "a route faults hit", appendingTo: \.routes),
    .option("--log", value: .file, help: "write every request to FILE", to: \.log),
    .option(
      "--url",
      value: ValueParser(placeholder: "URL", expecting: "an http URL") {
        $0.hasPrefix("http://") ? $0 : nil
      }.showingInput { $0.replacingOccurrences(of: "secret", with: "******") },
      help: "where to send requests", to: \.url),
    .option("--seed", value: .integer(), help: "seed", to: \.seed).hidden(),
  ],
  version: "sample 1.0")

/// The message `arguments` are refused with, or nil when they are not.
func refusal<Options>(_ command: Command<Options>, _ arguments: [String]) -> String? {
  do {
    _ = try command.parse(arguments)
    return nil
  } catch {
    return error.message
  }
}

extension String {
  func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
