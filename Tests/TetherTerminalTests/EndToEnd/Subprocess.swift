import Foundation
import Glibc

/// Runs a program and waits for it with `waitpid`. (Foundation's `Process` can miss the exit of
/// a client whose child daemonises, as tmux's does, and then waits forever.)
enum Subprocess {
  /// Runs `path` with `arguments`; returns its standard output when `capturingOutput`.
  @discardableResult
  static func run(_ path: String, _ arguments: [String], capturingOutput: Bool) throws -> String {
    var pipe: [Int32] = [-1, -1]
    if capturingOutput { guard Glibc.pipe(&pipe) == 0 else { throw POSIXError(.EMFILE) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if capturingOutput {
      posix_spawn_file_actions_adddup2(&actions, pipe[1], STDOUT_FILENO)
      posix_spawn_file_actions_addclose(&actions, pipe[0])
      posix_spawn_file_actions_addclose(&actions, pipe[1])
    } else {
      posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)

    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let environment =
      ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + environment { free(pointer) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, nil, argv, environment)
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
    var output = Data()
    if capturingOutput {
      close(pipe[1])
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
