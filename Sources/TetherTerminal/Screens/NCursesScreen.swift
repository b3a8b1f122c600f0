import CNCursesW
import Foundation
import Glibc

/// The real terminal, through ncursesw: both the ``Screen`` that shows frames and the
/// ``InputSource`` that reads keys, paste, focus, mouse, resizes and signals.
///
/// Creating it checks the terminal and throws a ``TerminalError`` — not a terminal, `TERM`
/// unset or unknown, a terminal that cannot move the cursor (`TERM=dumb`) — before anything
/// touches it, so an app can create the screen first and exit at once with the terminal as it
/// was.
///
/// Only the event loop's thread may use it. While it is started:
/// - the terminal is in raw mode, so Ctrl-Z arrives as a key (the loop suspends); Ctrl-C is
///   turned into SIGINT by the terminal itself and reaches the app as `.ctrl("c")` — so it
///   still ends an app whose loop is stuck (see below). The alternate screen, bracketed paste,
///   focus reporting and (unless turned off) mouse reporting are on, the cursor is hidden and
///   `ESCDELAY` is short so Esc responds at once;
/// - standard output and error, when they are this terminal, go to the log file (or
///   `/dev/null`), so nothing stray is printed over the screen;
/// - a signal thread hears SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP and SIGCONT and
///   passes them to the loop; when the loop has not answered a termination signal or Ctrl-C
///   within ``Options/terminationGrace``, that thread restores the terminal and ends the
///   process itself. Crash signals restore the terminal and re-raise; an `atexit` hook restores
///   it if the process exits without stopping the screen;
/// - after Ctrl-Z, the screen takes the terminal back only when the process is the terminal's
///   foreground process group again (`fg`), never while it runs in the background (`bg`, or a
///   SIGCONT from elsewhere), and then repaints everything. The app keeps running meanwhile
///   (messages arrive, nothing is drawn); since `fg` sends no signal to a running job, the
///   signal thread checks `tcgetpgrp` five times a second while in the background.
///
/// ```swift
/// let screen = try NCursesScreen(options: .init(colorMode: .auto))
/// let loop = try EventLoop(app: MyApp(), screen: screen, input: screen)
/// try await loop.run()
/// ```
public final class NCursesScreen: Screen, InputSource {
  /// How an ``NCursesScreen`` uses the terminal.
  public struct Options: Sendable {
    public var colorMode: ColorMode
    /// Where diagnostics (and anything printed while active) go.
    public var log: TerminalLog?
    /// Milliseconds curses waits after Esc for the rest of a key sequence.
    public var escapeDelay: Int32
    /// The environment consulted for `TERM` and `NO_COLOR`.
    public var environment: [String: String]
    /// The terminfo entry; `nil` uses `TERM` from ``environment``.
    public var terminalType: String?
    /// Whether clicks and the wheel are reported as ``Event/mouse(_:)``. Off, the terminal
    /// keeps its own mouse selection (e.g. an app's `--no-mouse`).
    public var reportsMouse: Bool
    /// How long the loop has to answer a termination signal or Ctrl-C before the signal thread
    /// restores the terminal and ends the process itself.
    public var terminationGrace: Duration

    /// Options; by default colours follow the terminal and `NO_COLOR`, Esc waits 25 ms for the rest
    /// of a sequence, the mouse is reported, and `TERM` comes from the environment.
    public init(
      colorMode: ColorMode = .auto, log: TerminalLog? = nil, escapeDelay: Int32 = 25,
      environment: [String: String] = ProcessInfo.processInfo.environment,
      terminalType: String? = nil, reportsMouse: Bool = true,
      terminationGrace: Duration = .milliseconds(1500)
    ) {
      self.colorMode = colorMode
      self.log = log
      self.escapeDelay = escapeDelay
      self.environment = environment
      self.terminalType = terminalType
      self.reportsMouse = reportsMouse
      self.terminationGrace = terminationGrace
    }
  }

  /// Where the process stands towards the terminal.
  enum Ownership {
    /// The screen is not started.
    case released
    /// The screen owns the terminal and draws.
    case active
    /// Continued in the background after a stop: hands off the terminal until `fg`.
    /// `cursesEnded` tells whether `endwin` already gave the terminal back.
    case background(cursesEnded: Bool)
  }

  let options: Options
  let inputDescriptor: Int32
  let outputDescriptor: Int32
  /// The resolved terminfo entry.
  let terminalType: String
  let signals: SignalThread
  private var screen: OpaquePointer?
  private var files: (input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>)?
  private var front = Canvas(size: Size(width: 0, height: 0))
  var decoder = InputDecoder()
  private var colors: ColorPairCache?
  private var redirected = StandardStreamRedirection()
  var ownership = Ownership.released
  /// Set when the screen took the terminal back right after its own stop, so the SIGCONT that
  /// continued it is not another resume.
  var ignoreNextContinue = false
  var terminalDescriptor: Int32 = -1
  var inputPad: UnsafeMutablePointer<WINDOW>?
  /// Whether mouse reports are on, as `ESC [ <` sequences that ``InputDecoder`` parses.
  private var decodesMouseReports = false
  public private(set) var size = Size(width: 0, height: 0)

  /// A screen on the given terminal descriptors (standard input and output by default, or a
  /// pty). It checks the terminal and its type, and throws ``TerminalError`` when it cannot
  /// be used; nothing happens to the terminal until ``start()``.
  public init(
    inputDescriptor: Int32 = STDIN_FILENO, outputDescriptor: Int32 = STDOUT_FILENO,
    options: Options = Options()
  ) throws(TerminalError) {
    guard isatty(inputDescriptor) == 1, isatty(outputDescriptor) == 1 else {
      throw .notATerminal
    }
    guard let type = options.terminalType ?? options.environment["TERM"], !type.isEmpty else {
      throw .terminalTypeUnset
    }
    switch Int(tether_check_terminal(type, outputDescriptor)) {
    case Int(TETHER_TERMINAL_USABLE): break
    case Int(TETHER_TERMINAL_CANNOT_ADDRESS_CURSOR): throw .cannotMoveCursor(type)
    case Int(TETHER_TERMINAL_UNKNOWN): throw .unknownTerminalType(type)
    default: throw .cursesFailed("no terminfo database found for \(type)")
    }
    self.inputDescriptor = inputDescriptor
    self.outputDescriptor = outputDescriptor
    self.options = options
    terminalType = type
    do {
      signals = try SignalThread(grace: options.terminationGrace, log: options.log) {
        NCursesScreen.restoreTerminalInAnEmergency()
      }
    } catch let error as TerminalError {
      throw error
    } catch {
      throw .system("pipe", errno)
    }
  }

  deinit {
    stop()
  }

  /// Puts the terminal back with async-signal-safe calls only (leaves the alternate screen,
  /// turns reporting off, shows the cursor, restores the settings saved at start), when a
  /// screen holds it; for watchdogs that cannot wait for the loop.
  static func restoreTerminalInAnEmergency() {
    tether_emergency_restore()
  }

  public var readinessDescriptors: [Int32] {
    if case .background = ownership { return [signals.loopDescriptor] }
    return [inputDescriptor, signals.loopDescriptor]
  }

  public func start() throws {
    guard screen == nil else { return }
    Self.useUTF8Locale()
    let input = fdopen(dup(inputDescriptor), "r")
    let output = fdopen(dup(outputDescriptor), "w")
    guard let input, let output else { throw TerminalError.system("fdopen", errno) }
    // Our own copy of the terminal: standard output may be redirected while active.
    terminalDescriptor = fileno(output)
    tether_save_terminal(terminalDescriptor)
    signals.start()
    tether_install_signal_handlers(signals.handlerDescriptor)
    guard let screen = newterm(terminalType, output, input) else {
      tether_remove_signal_handlers()
      signals.stop()
      fclose(input)
      fclose(output)
      throw TerminalError.cursesFailed("ncurses cannot use terminal type \(terminalType)")
    }
    self.screen = screen
    files = (input, output)
    set_term(screen)
    tether_set_terminal_active(1)
    ownership = .active
    configureCurses()
    redirected.redirect(toMatch: outputDescriptor, target: options.log?.descriptor)
    enableReporting()
    size = Size(width: Int(tether_cols()), height: Int(tether_lines()))
    front = Canvas(size: Size(width: 0, height: 0))
    options.log?.write(
      "terminal \(terminalType) started at \(size), colours \(colors != nil ? "on" : "off"), "
        + "mouse \(decodesMouseReports ? "on" : "off")")
  }

  public func stop() {
    guard let screen else { return }
    switch ownership {
    case .background(cursesEnded: true): break
    default:
      disableReporting()
      endwin()
    }
    redirected.restore()
    tether_set_terminal_active(0)
    tether_remove_signal_handlers()
    signals.stop()
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
    ownership = .released
    options.log?.write("terminal restored")
  }

  private func configureCurses() {
    raw()
    noecho()
    nonl()
    intrflush(tether_stdscr(), false)
    // Ctrl-C becomes SIGINT again, so a stuck loop cannot make it useless. Only on the
    // process's own terminal in the foreground: elsewhere nobody would receive the signal.
    if tether_foreground_state(terminalDescriptor) == 1 {
      tether_enable_interrupt_key(terminalDescriptor)
      def_prog_mode()
    }
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
    configureMouse()
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

  /// Clicks and the wheel through `mousemask`, reported in SGR 1006 form (exact coordinates on
  /// any width: the old X10 form ends at column 223). `mousemask` turns reporting on; the
  /// screen asks for SGR itself and ``InputDecoder`` decodes the reports, whatever mouse format
  /// terminfo names (ncurses decodes SGR only for `kmous=\E[<`, and loses events that arrive in
  /// one read). Should a terminal ignore SGR, ncurses still decodes its X10 reports
  /// (`KEY_MOUSE`).
  private func configureMouse() {
    decodesMouseReports = false
    guard options.reportsMouse else { return }
    mouseinterval(0)  // presses and releases as they come, no waiting to make clicks
    let mask =
      tether_mouse_all_events() | tether_mouse_shift() | tether_mouse_ctrl() | tether_mouse_alt()
    guard mousemask(mask, nil) != 0 else { return }
    decodesMouseReports = true
    define_key("\u{1B}[<", InputDecoder.mouseReport)
  }

  private func enableReporting() {
    writeRaw(
      "\u{1B}[?2004h\u{1B}[?1004h" + (decodesMouseReports ? "\u{1B}[?1000h\u{1B}[?1006h" : ""))
  }

  private func disableReporting() {
    writeRaw(
      (decodesMouseReports ? "\u{1B}[?1006l\u{1B}[?1000l" : "") + "\u{1B}[?1004l\u{1B}[?2004l")
  }

  private func writeRaw(_ sequence: String) {
    var bytes = Array(sequence.utf8)
    _ = write(terminalDescriptor, &bytes, bytes.count)
  }

  // MARK: Output

  /// How many colours frames are shown in once started: 256 on most terminals, 8 or 16 on
  /// some, 0 when colours are off (`NO_COLOR`, `--color never`, a terminal without them) —
  /// for an app that picks its colours by what the terminal shows.
  public var colorCount: Int { colors.map { Int($0.colorCount) } ?? 0 }

  /// Colour pairs created so far (nil when colours are off).
  var colorPairsInUse: Int? { colors?.count }

  public func present(_ canvas: inout Canvas) {
    guard screen != nil, case .active = ownership else {
      // In the background: nothing reaches the terminal, and the next frame repaints it all.
      front = Canvas(size: Size(width: 0, height: 0))
      swap(&front, &canvas)
      return
    }
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
    if screen != nil { clearok(tether_curscr(), true) }
  }

  // MARK: Job control

  /// Gives the terminal back and stops the process (Ctrl-Z). Once continued, takes the
  /// terminal again only in the foreground; in the background it waits for `fg` (see
  /// `continued()`).
  public func suspend() {
    guard screen != nil, case .active = ownership else { return }
    options.log?.write("suspending")
    disableReporting()
    endwin()
    redirected.restore()
    tether_set_terminal_active(0)
    tether_stop_process()
    ignoreNextContinue = true
    if isForeground {
      takeTerminalBack()
    } else {
      ownership = .background(cursesEnded: true)
      options.log?.write("continued in the background; waiting for fg")
      signals.watchForForeground(of: terminalDescriptor)
    }
  }

  /// A SIGCONT arrived. Returns whether the screen (again) owns the terminal in the
  /// foreground and should repaint.
  func continued() -> Bool {
    if ignoreNextContinue {
      // The SIGCONT that ended our own stop: `suspend()` already acted on it.
      ignoreNextContinue = false
      return false
    }
    switch ownership {
    case .released:
      return false
    case .active:
      if isForeground {
        // Continued after a stop we did not make (SIGSTOP, then fg): the shell may have
        // changed the terminal's modes meanwhile.
        reset_prog_mode()
        enableReporting()
        return true
      }
      // Continued in the background after a stop we did not make: hands off.
      ownership = .background(cursesEnded: false)
      options.log?.write("continued in the background; waiting for fg")
      signals.watchForForeground(of: terminalDescriptor)
      return false
    case .background(let cursesEnded):
      guard isForeground else {
        options.log?.write("continued in the background; waiting for fg")
        signals.watchForForeground(of: terminalDescriptor)
        return false
      }
      if !cursesEnded {
        disableReporting()
        endwin()
        redirected.restore()
      }
      takeTerminalBack()
      return true
    }
  }

  /// Takes the terminal over again after `endwin`: program modes, the alternate screen,
  /// reporting, the current size, and a full repaint on the next frame.
  private func takeTerminalBack() {
    tether_set_terminal_active(1)
    ownership = .active
    redirected.redirect(toMatch: outputDescriptor, target: options.log?.descriptor)
    doupdate()
    enableReporting()
    if let newSize = terminalSize(), newSize != size { resize(to: newSize) }
    invalidate()
    options.log?.write("resumed at \(size)")
  }

  /// Whether this process group is the terminal's foreground (or the terminal is not its
  /// controlling terminal, where there is no job control to respect).
  var isForeground: Bool { tether_foreground_state(terminalDescriptor) != 0 }

  func terminalSize() -> Size? {
    var window = winsize()
    guard ioctl(terminalDescriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else {
      return nil
    }
    return Size(width: Int(window.ws_col), height: Int(window.ws_row))
  }

  /// ncursesw needs a UTF-8 `LC_CTYPE` for wide characters; fall back to C.UTF-8.
  private static func useUTF8Locale() {
    setlocale(LC_ALL, "")
    if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8" {
      setlocale(LC_CTYPE, "C.UTF-8")
    }
  }

  var isStarted: Bool { screen != nil }
}
