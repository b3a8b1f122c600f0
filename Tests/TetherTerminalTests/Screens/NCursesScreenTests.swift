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
    let screen = try NCursesScreen(inputDescriptor: pipe[0], outputDescriptor: pipe[1])
    #expect(throws: TerminalError.notATerminal) { try screen.start() }
  }
}
