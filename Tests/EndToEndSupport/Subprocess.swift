import Foundation
import Glibc

/// Runs a program and waits for it with `waitpid`. (Foundation's `Process` can miss the exit of
/// a client whose child daemonises, as tmux's does, and then waits forever.)
public enum Subprocess {
  /// Runs `path` with `arguments`; returns its standard output when `capturingOutput`.
  ///
  /// The child starts clean, whatever thread spawns it: no blocked signals (a Swift
  /// concurrency thread blocks most, and a tmux server that inherits that mask ignores the
  /// SIGTERM `kill-server` sends it) and no descriptors but the three standard ones (a tmux
  /// server that inherits another test's pipe keeps that test waiting for end of file).
  @discardableResult
  public static func run(
    _ path: String, _ arguments: [String], capturingOutput: Bool
  ) throws -> String {
    var pipe: [Int32] = [-1, -1]
    if capturingOutput {
      guard GNU.pipe2(&pipe, O_CLOEXEC) == 0 else { throw POSIXError(.EMFILE) }
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if capturingOutput {
      posix_spawn_file_actions_adddup2(&actions, pipe[1], STDOUT_FILENO)
    } else {
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    _ = GNU.addCloseFrom(&actions, STDERR_FILENO + 1)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let environment =
      ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + environment { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, &attributes, argv, environment)
    if capturingOutput { close(pipe[1]) }
    guard status == 0 else {
      if capturingOutput { close(pipe[0]) }
      throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL)
    }
    var output = Data()
    if capturingOutput {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(pipe[0], &buffer, buffer.count)
        if count > 0 {
          output.append(contentsOf: buffer[0..<count])
        } else if count == 0 || errno != EINTR {
          break
        }
      }
      close(pipe[0])
    }
    var exitStatus: Int32 = 0
    while waitpid(pid, &exitStatus, 0) < 0 && errno == EINTR {}
    return String(decoding: output, as: UTF8.self)
  }
}

/// The GNU extensions of glibc this needs, which the Swift `Glibc` module leaves out.
private enum GNU {
  typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
  typealias AddCloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

  /// `pipe2(2)`: a pipe whose ends are close-on-exec from the start.
  static let pipe2 = function("pipe2", as: Pipe2.self)
  /// `posix_spawn_file_actions_addclosefrom_np(3)` (glibc 2.34).
  static let addCloseFrom = function(
    "posix_spawn_file_actions_addclosefrom_np", as: AddCloseFrom.self)

  private static func function<Function>(_ name: String, as type: Function.Type) -> Function {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
      fatalError("glibc lacks \(name)")
    }
    return unsafeBitCast(symbol, to: type)
  }
}
