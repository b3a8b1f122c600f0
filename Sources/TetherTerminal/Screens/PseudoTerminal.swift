import CNCursesW
import Glibc

/// A pseudo-terminal pair, for driving a screen or a whole program without a real terminal:
/// what is written to the terminal side can be read from the controller side, and bytes
/// written to the controller side arrive as terminal input. Used by the `render` benchmark and
/// by tests of ``NCursesScreen``.
///
/// ```swift
/// let pty = try PseudoTerminal(size: Size(width: 80, height: 24))
/// let screen = try NCursesScreen(
///   inputDescriptor: pty.terminal, outputDescriptor: pty.terminal,
///   options: .init(terminalType: "xterm-256color"))
/// ```
public final class PseudoTerminal {
  /// The controller (master) side: read the output, write the input.
  public let controller: Int32
  /// The terminal (slave) side: what a program uses as its terminal.
  public let terminal: Int32

  /// A pseudo-terminal of `size`, for tests that run a real screen.
  public init(size: Size) throws {
    var controller: Int32 = -1
    var terminal: Int32 = -1
    var window = winsize(
      ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&controller, &terminal, nil, nil, &window) == 0 else {
      throw TerminalError.system("openpty", errno)
    }
    _ = fcntl(controller, F_SETFL, fcntl(controller, F_GETFL) | O_NONBLOCK)
    self.controller = controller
    self.terminal = terminal
  }

  deinit {
    close(controller)
    close(terminal)
  }

  /// Everything the terminal side has written so far, without waiting.
  public func readAvailable() -> [UInt8] {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(controller, &buffer, buffer.count)
      guard count > 0 else { break }
      output += buffer[0..<count]
    }
    return output
  }

  /// Sends `bytes` as if typed on the terminal.
  public func type(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(controller, &bytes, bytes.count)
  }

  /// Changes the terminal's size (the program gets SIGWINCH if it is the foreground).
  public func resize(to size: Size) {
    var window = winsize(
      ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(controller, UInt(TIOCSWINSZ), &window)
  }
}
