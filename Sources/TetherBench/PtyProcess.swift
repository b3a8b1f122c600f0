import Foundation
import Glibc
import TetherTerminal

/// A program running on a pseudo-terminal of its own, as if started in a terminal emulator:
/// the pty is its controlling terminal, and everything it writes is read from the controller
/// side and kept, so a benchmark can wait for what it draws.
///
/// ```swift
/// let posts = try PtyProcess(postsPath, size: Size(width: 100, height: 30))
/// defer { posts.stop() }
/// try posts.waitFor("of 251")
/// ```
///
/// The program is stopped by ``stop()`` or when this is deinitialised; should the benchmark
/// die first, closing the controller side hangs up the terminal and the program gets SIGHUP.
final class PtyProcess {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let pid: pid_t
  private let pty: PseudoTerminal
  /// Everything the program has written to its terminal so far.
  private(set) var output: [UInt8] = []
  private var hasEnded = false

  /// `POSIX_SPAWN_SETSID` from glibc's `<spawn.h>`, a GNU extension the `Glibc` module
  /// leaves out.
  private static let spawnNewSession: Int32 = 0x80

  /// Starts `path` with `arguments` on a new `size` terminal with `TERM=xterm-256color`.
  init(_ path: String, arguments: [String] = [], size: Size) throws {
    pty = try PseudoTerminal(size: size)
    // The program opens the terminal by name, as its own; neither descriptor may leak to it.
    _ = fcntl(pty.controller, F_SETFD, FD_CLOEXEC)
    _ = fcntl(pty.terminal, F_SETFD, FD_CLOEXEC)
    guard let name = ttyname(pty.terminal) else {
      throw Failure(description: "ttyname: \(String(cString: strerror(errno)))")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after `setsid`, the terminal becomes the controlling terminal.
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, name, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, STDIN_FILENO, STDERR_FILENO)

    // A new session, default signal handling and nothing blocked: a thread of the Swift
    // concurrency pool blocks most signals, and a child would inherit that mask.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | Self.spawnNewSession))

    var environment = ProcessInfo.processInfo.environment
    // The size comes from the terminal, not from variables the benchmark was started with.
    environment["COLUMNS"] = nil
    environment["LINES"] = nil
    environment["TERM"] = "xterm-256color"
    environment["LANG"] = environment["LANG"] ?? "C.UTF-8"
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard status == 0 else {
      throw Failure(description: "cannot start \(path): \(String(cString: strerror(status)))")
    }
    self.pid = pid
  }

  deinit { stop() }

  /// Waits up to `timeout` for output and keeps what came; returns how many bytes.
  @discardableResult
  func read(waitingUpTo timeout: Duration) -> Int {
    var descriptor = pollfd(fd: pty.controller, events: Int16(POLLIN), revents: 0)
    let milliseconds = Int32(clamping: Int((timeout.seconds * 1000).rounded(.up)))
    guard poll(&descriptor, 1, max(0, milliseconds)) > 0 else { return 0 }
    let bytes = pty.readAvailable()
    output += bytes
    return bytes.count
  }

  /// Reads until `text` appears in the output after `offset`; returns the offset just past
  /// it. Throws after `timeout`.
  @discardableResult
  func waitFor(
    _ text: String, after offset: Int = 0, timeout: Duration = .seconds(20)
  ) throws -> Int {
    let needle = Array(text.utf8)
    let deadline = ContinuousClock.now + timeout
    var searchFrom = offset
    while true {
      if let range = output[searchFrom...].firstRange(of: needle) { return range.upperBound }
      // The next search starts where a match could still begin.
      searchFrom = max(offset, output.count - needle.count + 1)
      let left = deadline - .now
      guard left > .zero else {
        throw Failure(description: "timed out waiting for “\(text)” from \(pid)")
      }
      read(waitingUpTo: min(left, .milliseconds(100)))
    }
  }

  /// Reads until nothing has come for `quiet`; returns false when output still flows after
  /// `timeout`.
  @discardableResult
  func waitForQuiet(_ quiet: Duration, timeout: Duration = .seconds(10)) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if read(waitingUpTo: quiet) == 0 { return true }
    }
    return false
  }

  /// Reads for exactly `duration`; returns how many bytes came.
  func bytesWritten(during duration: Duration) -> Int {
    let deadline = ContinuousClock.now + duration
    var count = 0
    var left = deadline - .now
    while left > .zero {
      count += read(waitingUpTo: left)
      left = deadline - .now
    }
    return count
  }

  /// Sends `text` as if typed.
  func type(_ text: String) {
    pty.type(text)
  }

  /// The kernel's counts for the program now.
  func usage() throws -> ProcessUsage {
    try ProcessUsage(of: pid)
  }

  /// Ends the program: SIGTERM, then SIGKILL if it has not ended within 2 seconds. Reads its
  /// output meanwhile, so it is never blocked writing to a full terminal.
  func stop() {
    guard !hasEnded else { return }
    kill(pid, SIGTERM)
    let deadline = ContinuousClock.now + .seconds(2)
    while ContinuousClock.now < deadline {
      if reap() { return }
      read(waitingUpTo: .milliseconds(10))
    }
    kill(pid, SIGKILL)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    hasEnded = true
  }

  /// Collects the program's exit status if it has ended.
  private func reap() -> Bool {
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    if result == pid || (result < 0 && errno == ECHILD) { hasEnded = true }
    return hasEnded
  }
}
