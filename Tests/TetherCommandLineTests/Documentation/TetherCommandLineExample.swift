// Mirrors a Swift block of Sources/TetherCommandLine/TetherCommandLine.docc/TetherCommandLine.md as written; DocumentationTests checks it.

import TetherCommandLine

func tetherCommandLineExample() async throws {
  struct ServeOptions: Sendable {
    var port = 8080
    var latency = Duration.zero
    var logsRequests = true
  }

  let serve = Command<ServeOptions>(
    "serve", abstract: "Serves the sample posts.", defaults: ServeOptions(),
    arguments: [
      .option("--port", value: .integer(in: 0...65535), help: "port to listen on", to: \.port),
      .option("--latency", value: .duration(), help: "added to every request", to: \.latency),
      .flag("--quiet", help: "do not log requests", setting: \.logsRequests, to: false),
    ])

  let options = serve.parseOrExit()  // --help prints and exits 0; a bad line exits 2
  print(options.port, serve.manPage().count)
}
