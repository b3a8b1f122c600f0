import Testing
import TetherCommandLine

@Suite struct HelpTextTests {
  @Test func theWholeHelpOfASmallCommand() {
    var command = Command(
      "serve", abstract: "Serves the sample posts.",
      discussion: """
        Change faults while it runs, for example
          curl -X PUT localhost:8080/_faults -d '{"failNext": 3}'
        and see them at once.
        """,
      defaults: SampleOptions(),
      arguments: [
        .option(
          "--port", "-p", value: .integer(in: 0...65535), help: "port to listen on (default 8080)",
          to: \.port),
        .option(
          "--latency", value: .duration(),
          help: "added to every request, like 200ms; a long help text wraps under itself",
          to: \.latency),
        .option("--color", value: .choice, help: "colours", to: \.color),
        .option(
          "--a-very-long-option-name", value: .duration(),
          help: "gets a line of its own", to: \.latency),
      ],
      environment: [EnvironmentVariable("SERVE_TOKEN", help: "the token requests must carry")],
      sections: [HelpSection("Limits", "heads 16 KiB, bodies 1 MiB.")])
    command.version = "serve 2"
    #expect(
      command.help == """
        Usage: serve [options]

        Serves the sample posts.

        Change faults while it runs, for example

          curl -X PUT localhost:8080/_faults -d '{"failNext": 3}'

        and see them at once.

        Options:
          --port, -p N        port to listen on (default 8080)
          --latency DURATION  added to every request, like 200ms; a long help text wraps
                              under itself
          --color never|auto|always
                              colours
          --a-very-long-option-name DURATION
                              gets a line of its own
          -h, --help          show this help
          --version           show the version

        Environment:
          SERVE_TOKEN  the token requests must carry

        Limits: heads 16 KiB, bodies 1 MiB.
        """)
  }

  @Test func everyLineFitsEightyColumns() {
    for line in sample.help.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
  }
}

@Suite struct ManPageTests {
  @Test func headerNameSynopsisAndOptions() {
    let page = sample.manPage(date: "2026-05-01")
    let expected = """
      .TH "SAMPLE" 1 "2026\\-05\\-01" "Tether" "User Commands"
      .SH NAME
      sample \\- Serves samples for the tests.
      .SH SYNOPSIS
      .B sample
      [options]
      .PP
      .SH DESCRIPTION
      .PP
      Serves samples for the tests.
      .PP
      It listens on the loopback address.
      .SH OPTIONS
      .TP
      \\fB\\-\\-port\\fR, \\fB\\-p\\fR \\fIN\\fR
      port to listen on
      """
    #expect(page.hasPrefix(expected), "\(page)")
    #expect(page.contains(".TP\n\\fB\\-\\-version\\fR\nshow the version\n"))
    #expect(page.hasSuffix("\n"))
  }

  @Test func textIsEscapedAndExamplesKeptAsTheyAre() {
    let command = Command(
      "x", abstract: "Backslash \\ and .dots",
      discussion: ".starts with a dot\n\n  curl -X PUT 'a'", defaults: SampleOptions(),
      arguments: [], sections: [HelpSection("Where it differs", "much")])
    let page = command.manPage()
    #expect(page.contains("x \\- Backslash \\e and .dots\n"))
    #expect(page.contains(".PP\n\\&.starts with a dot\n"))
    #expect(page.contains(".PP\n.RS 2\n.nf\ncurl \\-X PUT 'a'\n.fi\n.RE\n"))
    #expect(page.contains(".SH \"WHERE IT DIFFERS\"\n.PP\nmuch\n"))
  }
}
