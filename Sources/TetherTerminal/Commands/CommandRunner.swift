import Foundation

/// Runs the ``Command``s an event loop's app returns: the one place of TetherTerminal that
/// creates tasks.
///
/// Each command runs in a task started immediately, on the loop's thread, until its work first
/// waits. When the work ends, its message waits in an inbox that wakes the loop; the loop takes
/// it on its own thread. A command cancelled meanwhile — its scope ended, or the runner
/// stopped — delivers nothing.
final class CommandRunner {
  private struct Finished: Sendable {
    let id: UInt64
    let message: (any Sendable)?
  }

  private struct Running {
    let task: Task<Void, Never>
    weak var scope: CommandScope?
    let survivesQuit: Bool
  }

  private let clock: any TetherClock
  private let finished = Inbox<Finished>()
  private var running: [UInt64: Running] = [:]
  private var nextID: UInt64 = 0

  /// A runner whose commands sleep on `clock` and that calls `wake` when one ends.
  init(clock: any TetherClock, wake: @escaping @Sendable () -> Void) {
    self.clock = clock
    finished.onPost(wake)
  }

  deinit { cancelAll() }

  /// How many commands have not ended yet (or ended and wait for ``takeMessages()``).
  var count: Int { running.count }

  /// Starts `command` unless its scope has ended.
  func start(_ command: Command) {
    nextID += 1
    let id = nextID
    if command.scope?.isCancelled == true { return }
    let (finished, clock, work) = (finished, clock, command.work)
    let task = Task.immediate {
      let message = await work(clock)
      finished.post(Finished(id: id, message: Task.isCancelled || message is Void ? nil : message))
    }
    // A command whose work never waited has already posted: it is taken like any other.
    running[id] = Running(task: task, scope: command.scope, survivesQuit: command.survivesQuit)
    if let scope = command.scope, !scope.add(id, cancel: { task.cancel() }) { task.cancel() }
  }

  /// The messages of the commands that ended since the last call, in the order they ended;
  /// nothing from a cancelled command.
  func takeMessages() -> [any Sendable] {
    finished.take().compactMap { ended in
      guard let record = running.removeValue(forKey: ended.id) else { return nil }
      record.scope?.remove(ended.id)
      guard !record.task.isCancelled else { return nil }
      return ended.message
    }
  }

  /// Cancels every running command but those that survive quitting.
  func cancelAll() {
    for record in running.values where !record.survivesQuit { record.task.cancel() }
  }

  /// Waits until every command started so far has ended (a command that survives quitting,
  /// after the loop finished, too).
  func waitForAll(isolation: isolated (any Actor)? = #isolation) async {
    let tasks = running.values.map(\.task)
    for task in tasks { await task.value }
  }
}
