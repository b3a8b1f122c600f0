import Foundation
import Glibc
import Testing

@testable import TetherTerminal

/// The real curses screen on a pseudo-terminal: what reaches the terminal and what is read
/// back from it.
@Suite(.serialized) struct NCursesScreenTests {
  private func makeScreen(_ pty: PseudoTerminal) throws -> NCursesScreen {
    try NCursesScreen(
      inputDescriptor: pty.terminal, outputDescriptor: pty.terminal,
      options: .init(colorMode: .always, environment: [:], terminalType: "xterm-256color"))
  }

  /// Reads inputs until `count` arrived, waiting on the screen's descriptors (5 s at most).
  private func read(_ count: Int, from screen: NCursesScreen) -> [Input] {
    var inputs: [Input] = []
    let deadline = Date().addingTimeInterval(5)
    while inputs.count < count && Date() < deadline {
      var descriptors = screen.readinessDescriptors.map {
        pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
      }
      _ = poll(&descriptors, nfds_t(descriptors.count), 100)
      inputs += screen.read()
    }
    return inputs
  }

  @Test func writesOnlyWhatChanged() throws {
    let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
    let screen = try makeScreen(pty)
    try screen.start()
    defer { screen.stop() }
    #expect(screen.size == Size(width: 40, height: 10))
    _ = pty.readAvailable()

    var canvas = Canvas(size: screen.size)
    canvas.write("Hello 世界", at: Point(x: 2, y: 3), style: Style(foreground: .red))
    screen.present(&canvas)
    let first = String(decoding: pty.readAvailable(), as: UTF8.self)
    #expect(first.contains("Hello 世界"))

    canvas.reset(to: screen.size)
    canvas.write("Hello 世界", at: Point(x: 2, y: 3), style: Style(foreground: .red))
    screen.present(&canvas)
    #expect(pty.readAvailable().isEmpty)

    canvas.reset(to: screen.size)
    canvas.write("Hello 世界", at: Point(x: 2, y: 3), style: Style(foreground: .red))
    canvas.write("!", at: Point(x: 30, y: 8))
    screen.present(&canvas)
    let third = String(decoding: pty.readAvailable(), as: UTF8.self)
    #expect(third.contains("!"))
    #expect(!third.contains("Hello"))
  }

  @Test func colourPairsAreCreatedOncePerCombination() throws {
    let pty = try PseudoTerminal(size: Size(width: 20, height: 3))
    let screen = try makeScreen(pty)
    try screen.start()
    defer { screen.stop() }
    var canvas = Canvas(size: screen.size)
    for frame in 0..<50 {
      canvas.reset(to: screen.size)
      let colors: [Color] = [.red, .green, .palette(200)]
      canvas.write("\(frame)", at: Point(x: 0, y: 0), style: Style(foreground: colors[frame % 3]))
      canvas.write("x", at: Point(x: 0, y: 1), style: Style(background: .blue))
      canvas.write("plain", at: Point(x: 0, y: 2))
      screen.present(&canvas)
    }
    #expect(screen.colorPairsInUse == 4)
  }

  @Test func noColorLeavesColoursOffButKeepsAttributes() throws {
    let pty = try PseudoTerminal(size: Size(width: 20, height: 3))
    let screen = try NCursesScreen(
      inputDescriptor: pty.terminal, outputDescriptor: pty.terminal,
      options: .init(environment: ["NO_COLOR": "1"], terminalType: "xterm-256color"))
    try screen.start()
    defer { screen.stop() }
    _ = pty.readAvailable()
    var canvas = Canvas(size: screen.size)
    canvas.write("bold", at: Point(x: 0, y: 0), style: Style(foreground: .red, attributes: .bold))
    screen.present(&canvas)
    let output = String(decoding: pty.readAvailable(), as: UTF8.self)
    #expect(screen.colorPairsInUse == nil)
    #expect(output.contains("bold"))
    #expect(output.contains("\u{1B}[1m") || output.contains(";1m"))
    #expect(!output.contains("\u{1B}[31m") && !output.contains("38;5;1m"))
  }

  @Test func hostileTextNeverReachesTheTerminal() throws {
    let pty = try PseudoTerminal(size: Size(width: 40, height: 5))
    let screen = try makeScreen(pty)
    try screen.start()
    defer { screen.stop() }
    _ = pty.readAvailable()
    var canvas = Canvas(size: screen.size)
    canvas.write("x\u{1B}]52;c;aGk=\u{07}\u{1B}]0;pwned\u{07}\u{9B}2J", at: Point(x: 0, y: 0))
    screen.present(&canvas)
    let output = String(decoding: pty.readAvailable(), as: UTF8.self)
    #expect(!output.contains("]52;"))
    #expect(!output.contains("pwned"))
    #expect(!output.unicodeScalars.contains("\u{9B}"))
  }

  @Test func readsKeysPasteFocusAndControlKeys() throws {
    let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
    let screen = try makeScreen(pty)
    try screen.start()
    defer { screen.stop() }
    pty.type(
      "a世\u{1B}OA\u{1B}[B\u{1B}[6~\u{1B}[200~two\rlines\u{1B}[201~\u{1B}[I\u{1B}[O\u{03}\u{1B}[Z")
    let inputs = read(10, from: screen)
    #expect(
      inputs == [
        .event(.key("a")), .event(.key("世")), .event(.key(.up)), .event(.key(.down)),
        .event(.key(.pageDown)),
        .event(.paste("two\nlines")), .event(.focus(true)), .event(.focus(false)),
        .event(.key(.ctrl("c"))), .event(.key(.shiftTab)),
      ])
  }

  @Test func escapeAloneArrivesAfterTheShortDelay() throws {
    let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
    let screen = try makeScreen(pty)
    try screen.start()
    defer { screen.stop() }
    pty.type("\u{1B}")
    #expect(read(1, from: screen) == [.event(.key(.escape))])
  }

  @Test func resizeIsReportedOnceWithTheNewSize() throws {
    let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
    let screen = try makeScreen(pty)
    try screen.start()
    defer { screen.stop() }
    pty.resize(to: Size(width: 50, height: 12))
    // The test process is not the pty's foreground, so deliver SIGWINCH by hand.
    kill(getpid(), SIGWINCH)
    #expect(read(1, from: screen) == [.event(.resize(Size(width: 50, height: 12)))])
    #expect(screen.size == Size(width: 50, height: 12))
  }

  @Test func terminationSignalsArriveAsInput() throws {
    let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
    let screen = try makeScreen(pty)
    try screen.start()
    defer { screen.stop() }
    kill(getpid(), SIGTERM)
    #expect(read(1, from: screen) == [.terminationRequested(signal: SIGTERM)])
  }

  @Test func stopRestoresTheTerminalSettings() throws {
    let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
    var before = termios()
    tcgetattr(pty.terminal, &before)
    let screen = try makeScreen(pty)
    try screen.start()
    var during = termios()
    tcgetattr(pty.terminal, &during)
    #expect(during.c_lflag & tcflag_t(ICANON) == 0)
    screen.stop()
    var after = termios()
    tcgetattr(pty.terminal, &after)
    #expect(after.c_lflag == before.c_lflag)
    #expect(after.c_iflag == before.c_iflag)
    #expect(after.c_oflag == before.c_oflag)
    let output = String(decoding: pty.readAvailable(), as: UTF8.self)
    #expect(output.contains("\u{1B}[?2004h"))
    #expect(output.contains("\u{1B}[?1004l\u{1B}[?2004l"))
  }

  @Test func refusesSomethingThatIsNotATerminal() throws {
    var pipe: [Int32] = [0, 0]
    #expect(Glibc.pipe(&pipe) == 0)
    defer {
      close(pipe[0])
      close(pipe[1])
    }
    #expect(throws: TerminalError.notATerminal) {
      _ = try NCursesScreen(inputDescriptor: pipe[0], outputDescriptor: pipe[1])
    }
  }

  /// Creating a screen for `environment` on a fresh pty, and the pty's settings after.
  private func refusal(environment: [String: String], terminalType: String? = nil) throws -> (
    error: TerminalError?, settingsUnchanged: Bool
  ) {
    let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
    var before = termios()
    tcgetattr(pty.terminal, &before)
    var failure: TerminalError?
    do {
      _ = try NCursesScreen(
        inputDescriptor: pty.terminal, outputDescriptor: pty.terminal,
        options: .init(environment: environment, terminalType: terminalType))
    } catch {
      failure = error
    }
    var after = termios()
    tcgetattr(pty.terminal, &after)
    let unchanged =
      after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag
      && after.c_oflag == before.c_oflag && pty.readAvailable().isEmpty
    return (failure, unchanged)
  }

  @Test func refusesAnUnsetOrUnknownTerminalTypeBeforeTouchingTheTerminal() throws {
    let unset = try refusal(environment: [:])
    #expect(unset.error == .terminalTypeUnset)
    #expect(unset.settingsUnchanged)
    let empty = try refusal(environment: ["TERM": ""])
    #expect(empty.error == .terminalTypeUnset)
    let unknown = try refusal(environment: ["TERM": "no-such-terminal"])
    #expect(unknown.error == .unknownTerminalType("no-such-terminal"))
    #expect(unknown.settingsUnchanged)
    #expect("\(unknown.error!)".contains("unknown terminal type no-such-terminal"))
  }

  @Test func refusesATerminalThatCannotMoveTheCursor() throws {
    let dumb = try refusal(environment: ["TERM": "dumb"])
    #expect(dumb.error == .cannotMoveCursor("dumb"))
    #expect(dumb.settingsUnchanged)
    #expect("\(dumb.error!)".contains("cannot move the cursor"))
    // The option wins over the environment.
    let explicit = try refusal(environment: ["TERM": "xterm-256color"], terminalType: "dumb")
    #expect(explicit.error == .cannotMoveCursor("dumb"))
    let usable = try refusal(environment: ["TERM": "xterm-256color"])
    #expect(usable.error == nil)
    #expect(usable.settingsUnchanged)
  }

  @Test func checkingATerminalTypeLeavesARunningScreenAlone() throws {
    let pty = try PseudoTerminal(size: Size(width: 30, height: 5))
    let screen = try makeScreen(pty)
    try screen.start()
    defer { screen.stop() }
    _ = pty.readAvailable()
    #expect(throws: TerminalError.cannotMoveCursor("dumb")) {
      _ = try NCursesScreen(
        inputDescriptor: pty.terminal, outputDescriptor: pty.terminal,
        options: .init(environment: ["TERM": "dumb"]))
    }
    var canvas = Canvas(size: screen.size)
    canvas.write("still drawing", at: Point(x: 0, y: 0))
    screen.present(&canvas)
    #expect(String(decoding: pty.readAvailable(), as: UTF8.self).contains("still drawing"))
  }

  @Test func mouseReportingIsSGRAndClicksArriveAsEvents() throws {
    for type in ["xterm-256color", "tmux-256color"] {
      let pty = try PseudoTerminal(size: Size(width: 240, height: 30))
      let screen = try NCursesScreen(
        inputDescriptor: pty.terminal, outputDescriptor: pty.terminal,
        options: .init(colorMode: .never, environment: [:], terminalType: type))
      try screen.start()
      let output = String(decoding: pty.readAvailable(), as: UTF8.self)
      #expect(output.contains("1006"), "\(type) did not ask for SGR reports")
      // Clicks beyond column 223 only SGR can report.
      pty.type("\u{1B}[<0;230;5M\u{1B}[<0;230;5m\u{1B}[<65;2;3M")
      let inputs = read(3, from: screen)
      #expect(
        inputs == [
          .event(.mouse(MouseEvent(.press(.left), at: Point(x: 229, y: 4)))),
          .event(.mouse(MouseEvent(.release(.left), at: Point(x: 229, y: 4)))),
          .event(.mouse(MouseEvent(.scrollDown, at: Point(x: 1, y: 2)))),
        ], "\(type)")
      screen.stop()
      let restored = String(decoding: pty.readAvailable(), as: UTF8.self)
      #expect(
        restored.contains("\u{1B}[?1000l") || restored.contains("1006;1000l"),
        "\(type): \(restored.debugDescription)")
    }
  }

  @Test func withoutMouseReportingTheTerminalKeepsItsSelection() throws {
    let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
    let screen = try NCursesScreen(
      inputDescriptor: pty.terminal, outputDescriptor: pty.terminal,
      options: .init(environment: [:], terminalType: "xterm-256color", reportsMouse: false))
    try screen.start()
    defer { screen.stop() }
    let output = String(decoding: pty.readAvailable(), as: UTF8.self)
    #expect(!output.contains("1000h") && !output.contains("1006"))
  }

  @Test func signalsPassThroughTheSignalThread() throws {
    let pty = try PseudoTerminal(size: Size(width: 40, height: 10))
    let screen = try makeScreen(pty)
    try screen.start()
    defer { screen.stop() }
    kill(getpid(), SIGWINCH)
    pty.resize(to: Size(width: 44, height: 11))
    kill(getpid(), SIGWINCH)
    let inputs = read(1, from: screen)
    #expect(inputs.contains(.event(.resize(Size(width: 44, height: 11)))))
  }
}
