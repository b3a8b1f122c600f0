import CNCursesW
import Foundation
import Glibc

/// The real terminal, through ncursesw: both the ``Screen`` that shows frames and the
/// ``InputSource`` that reads keys, paste, focus, resizes and signals.
///
/// Only the event loop's thread may use it. While it is started:
/// - the terminal is in raw mode, so Ctrl-C and Ctrl-Z arrive as keys (the loop quits or
///   suspends when the app ignores them), with the alternate screen, bracketed paste and focus
///   reporting on, a hidden cursor and a short `ESCDELAY` so Esc responds at once;
/// - standard output and error, when they are this terminal, go to the log file (or
///   `/dev/null`), so nothing stray is printed over the screen;
/// - SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP and SIGCONT reach the loop through a
///   self-pipe; crash signals restore the terminal and re-raise; an `atexit` hook restores it if
///   the process exits without stopping the screen.
///
/// ```swift
/// let screen = try NCursesScreen(options: .init(colorMode: .auto))
/// let loop = try EventLoop(app: MyApp(), screen: screen, input: screen)
/// try await loop.run()
/// ```
public final class NCursesScreen: Screen, InputSource {
  public struct Options: Sendable {
    public var colorMode: ColorMode
    /// Where diagnostics (and anything printed while active) go.
    public var log: TerminalLog?
    /// Milliseconds curses waits after Esc for the rest of a key sequence.
    public var escapeDelay: Int32
    /// The environment consulted for `NO_COLOR`.
    public var environment: [String: String]
    /// The terminfo entry; `nil` uses `TERM`.
    public var terminalType: String?

    public init(
      colorMode: ColorMode = .auto, log: TerminalLog? = nil, escapeDelay: Int32 = 25,
      environment: [String: String] = ProcessInfo.processInfo.environment,
      terminalType: String? = nil
    ) {
      self.colorMode = colorMode
      self.log = log
      self.escapeDelay = escapeDelay
      self.environment = environment
      self.terminalType = terminalType
    }
  }

  private let options: Options
  private let inputDescriptor: Int32
  private let outputDescriptor: Int32
  private let signalRead: Int32
  private let signalWrite: Int32
  private var screen: OpaquePointer?
  private var files: (input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>)?
  private var front = Canvas(size: Size(width: 0, height: 0))
  private var decoder = InputDecoder()
  private var colors: ColorPairCache?
  private var redirected = StandardStreamRedirection()
  private var ignoreNextContinue = false
  private var terminalDescriptor: Int32 = -1
  private var inputPad: UnsafeMutablePointer<WINDOW>?
  public private(set) var size = Size(width: 0, height: 0)

  /// A screen on the given terminal descriptors (standard input and output by default, or a
  /// pty). Nothing happens to the terminal until ``start()``.
  public init(
    inputDescriptor: Int32 = STDIN_FILENO, outputDescriptor: Int32 = STDOUT_FILENO,
    options: Options = Options()
  ) throws {
    var pipe: [Int32] = [0, 0]
    guard Glibc.pipe(&pipe) == 0 else { throw TerminalError.system("pipe", errno) }
    for descriptor in pipe {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    self.inputDescriptor = inputDescriptor
    self.outputDescriptor = outputDescriptor
    self.options = options
    signalRead = pipe[0]
    signalWrite = pipe[1]
  }

  deinit {
    stop()
    close(signalRead)
    close(signalWrite)
  }

  public var readinessDescriptors: [Int32] { [inputDescriptor, signalRead] }

  public func start() throws {
    guard screen == nil else { return }
    guard isatty(inputDescriptor) == 1, isatty(outputDescriptor) == 1 else {
      throw TerminalError.notATerminal
    }
    Self.useUTF8Locale()
    let input = fdopen(dup(inputDescriptor), "r")
    let output = fdopen(dup(outputDescriptor), "w")
    guard let input, let output else { throw TerminalError.system("fdopen", errno) }
    // Our own copy of the terminal: standard output may be redirected while active.
    terminalDescriptor = fileno(output)
    tether_save_terminal(terminalDescriptor)
    tether_install_signal_handlers(signalWrite)
    guard let screen = newterm(options.terminalType, output, input) else {
      tether_remove_signal_handlers()
      fclose(input)
      fclose(output)
      let type = options.terminalType ?? options.environment["TERM"] ?? "unset"
      throw TerminalError.cursesFailed("unknown terminal type \(type)")
    }
    self.screen = screen
    files = (input, output)
    set_term(screen)
    tether_set_terminal_active(1)
    configureCurses()
    redirected.redirect(toMatch: outputDescriptor, target: options.log?.descriptor)
    enableReporting()
    size = Size(width: Int(tether_cols()), height: Int(tether_lines()))
    front = Canvas(size: Size(width: 0, height: 0))
    options.log?.write("terminal started at \(size), colours \(colors != nil ? "on" : "off")")
  }

  public func stop() {
    guard let screen else { return }
    disableReporting()
    endwin()
    redirected.restore()
    tether_set_terminal_active(0)
    tether_remove_signal_handlers()
    delwin(inputPad)
    inputPad = nil
    delscreen(screen)
    if let files {
      fclose(files.input)
      fclose(files.output)
    }
    self.screen = nil
    files = nil
    terminalDescriptor = -1
    options.log?.write("terminal restored")
  }

  private func configureCurses() {
    raw()
    noecho()
    nonl()
    intrflush(tether_stdscr(), false)
    // Keys are read from a 1×1 pad: wget_wch on stdscr would refresh stdscr first whenever it
    // changed (e.g. after resizeterm), drawing a stale frame behind the loop's back.
    inputPad = newpad(1, 1)
    keypad(inputPad, true)
    nodelay(inputPad, true)
    curs_set(0)
    set_escdelay(options.escapeDelay)
    define_key("\u{1B}[200~", InputDecoder.pasteBegin)
    define_key("\u{1B}[201~", InputDecoder.pasteEnd)
    define_key("\u{1B}[I", InputDecoder.focusIn)
    define_key("\u{1B}[O", InputDecoder.focusOut)
    // Cursor keys in both modes, for terminals that ignore keypad-transmit mode.
    let cursorKeys: [(String, Int32)] = [
      ("A", KEY_UP), ("B", KEY_DOWN), ("C", KEY_RIGHT), ("D", KEY_LEFT), ("H", KEY_HOME),
      ("F", KEY_END),
    ]
    for (final, code) in cursorKeys {
      define_key("\u{1B}[" + final, code)
      define_key("\u{1B}O" + final, code)
    }
    if options.colorMode.usesColor(
      environment: options.environment, terminalHasColors: has_colors())
    {
      start_color()
      use_default_colors()
      colors = ColorPairCache(colorCount: tether_colors(), pairLimit: tether_color_pairs())
    } else {
      colors = nil
    }
  }

  private func enableReporting() { writeRaw("\u{1B}[?2004h\u{1B}[?1004h") }
  private func disableReporting() { writeRaw("\u{1B}[?1004l\u{1B}[?2004l") }

  private func writeRaw(_ sequence: String) {
    var bytes = Array(sequence.utf8)
    _ = write(terminalDescriptor, &bytes, bytes.count)
  }

  // MARK: Output

  /// Colour pairs created so far (nil when colours are off).
  var colorPairsInUse: Int? { colors?.count }

  public func present(_ canvas: inout Canvas) {
    guard screen != nil else { return }
    var changed = false
    var writer = CellWriter(colors: colors)
    canvas.forEachChange(from: front) { point, cell in
      guard !cell.isContinuation else { return }
      writer.draw(cell, at: point)
      changed = true
    }
    colors = writer.colors
    if changed {
      wnoutrefresh(tether_stdscr())
      doupdate()
    }
    swap(&front, &canvas)
  }

  public func resize(to size: Size) {
    guard size != self.size, screen != nil else { return }
    resizeterm(Int32(size.height), Int32(size.width))
    self.size = size
    invalidate()
  }

  public func invalidate() {
    front = Canvas(size: Size(width: 0, height: 0))
    clearok(tether_curscr(), true)
  }

  public func suspend() {
    guard screen != nil else { return }
    options.log?.write("suspending")
    disableReporting()
    endwin()
    redirected.restore()
    tether_set_terminal_active(0)
    tether_stop_process()
    tether_set_terminal_active(1)
    redirected.redirect(toMatch: outputDescriptor, target: options.log?.descriptor)
    ignoreNextContinue = true
    doupdate()
    enableReporting()
    if let newSize = terminalSize(), newSize != size { resize(to: newSize) }
    invalidate()
    options.log?.write("resumed at \(size)")
  }

  // MARK: Input

  public func read() -> [Input] {
    guard screen != nil else { return [] }
    var inputs = readSignals()
    var batch: [RawInput] = []
    var character: wint_t = 0
    while true {
      let result = wget_wch(inputPad, &character)
      if result == ERR { break }
      if result == KEY_CODE_YES {
        let code = Int32(character)
        if code == KEY_RESIZE {
          if let event = resizeIfNeeded() { inputs.append(.event(event)) }
        } else if code > KEY_MAX, !InputDecoder.isOwnCode(code), let name = keyname(code) {
          batch.append(.namedKey(String(cString: name)))
        } else {
          batch.append(.keyCode(code))
        }
      } else if let scalar = Unicode.Scalar(UInt32(character)) {
        batch.append(.character(scalar))
      }
    }
    inputs += decoder.decode(batch).map { .event($0) }
    if batch.isEmpty && inputs.isEmpty && inputHungUp() {
      inputs.append(.terminationRequested(signal: SIGHUP))
    }
    return inputs
  }

  private func readSignals() -> [Input] {
    var inputs: [Input] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = Glibc.read(signalRead, &buffer, buffer.count)
      guard count > 0 else { break }
      for byte in buffer[0..<count] {
        let signal = Int32(byte)
        switch signal {
        case SIGWINCH:
          if let event = resizeIfNeeded() { inputs.append(.event(event)) }
        case SIGTSTP: inputs.append(.suspendRequested)
        case SIGCONT:
          if ignoreNextContinue {
            ignoreNextContinue = false
          } else {
            inputs.append(.resumed)
          }
        default:
          options.log?.write("signal \(signal) received")
          inputs.append(.terminationRequested(signal: signal))
        }
      }
    }
    return inputs
  }

  private func resizeIfNeeded() -> Event? {
    guard let newSize = terminalSize(), newSize != size else { return nil }
    resize(to: newSize)
    options.log?.write("resized to \(newSize)")
    return .resize(newSize)
  }

  private func terminalSize() -> Size? {
    var window = winsize()
    guard ioctl(terminalDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else {
      return nil
    }
    return Size(width: Int(window.ws_col), height: Int(window.ws_row))
  }

  private func inputHungUp() -> Bool {
    var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
  }

  /// ncursesw needs a UTF-8 `LC_CTYPE` for wide characters; fall back to C.UTF-8.
  private static func useUTF8Locale() {
    setlocale(LC_ALL, "")
    if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }
}
