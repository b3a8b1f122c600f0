import Foundation
import TetherCommandLine
import TetherTerminal

/// The command line of `terminal-sample`; the crash and hang options are for the toolkit's
/// end-to-end tests.
struct SampleOptions: Sendable {
  var url: URL?
  var pidFile: String?
  var colorMode = ColorMode.auto
  var logPath: String?
  var reportsMouse = true
  var crashKey: Character?
  var hangKey: Character?
  var hangMarker: String?
  var hangsOnExit = false

  static let command = Command<SampleOptions>(
    "terminal-sample",
    abstract:
      "The template TetherTerminal + TetherCore app: a list from an endpoint, its detail, a"
      + " question, the help and the devtools.",
    defaults: SampleOptions(),
    arguments: [
      .option(
        "--url", value: url,
        help: "read a dummyjson-compatible server (default: the endpoints' mocks)", to: \.url),
      .option("--pid-file", value: .file, help: "write the process id to FILE", to: \.pidFile),
      .option("--color", value: .choice, help: "colours (default auto)", to: \.colorMode),
      .option("--log", value: .file, help: "write diagnostics to FILE", to: \.logPath),
      .flag(
        "--no-mouse", help: "leave the mouse to the terminal", setting: \.reportsMouse, to: false),
      .option(
        "--crash-key", value: key, help: "pressing KEY traps (crash handling tests)",
        to: \.crashKey),
      .option(
        "--hang-key", value: key,
        help: "pressing KEY blocks the loop's thread for good (stuck app tests)", to: \.hangKey),
      .option(
        "--hang-marker", value: .file,
        help: "written just before the loop blocks, so a test knows the app is stuck",
        to: \.hangMarker),
      .flag(
        "--hang-on-exit", help: "after quitting, cleanup never finishes (stuck shutdown tests)",
        setting: \.hangsOnExit),
    ])

  /// A server's address.
  static let url = ValueParser<URL>(placeholder: "URL", expecting: "an http or https URL") {
    URL(string: $0).flatMap { ["http", "https"].contains($0.scheme) ? $0 : nil }
  }

  /// One key: a single character.
  static let key = ValueParser<Character>(placeholder: "KEY", expecting: "a single character") {
    $0.count == 1 ? $0.first : nil
  }
}
