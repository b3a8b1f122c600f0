import Foundation
import Testing

/// Runs each test of a suite on a thread of its own, so that the test's blocking waits (on
/// tmux, on a child process, on a socket) hold that thread and never one of the cooperative
/// pool, which has as many threads as the machine has cores: two blocked tests there stall
/// every other test of the process, and their deadlines with them.
///
/// ```swift
/// @Suite(.onOwnThread) struct BrowserEndToEndTests { … }
/// ```
public struct OnOwnThread: SuiteTrait, TestTrait, TestScoping {
  public var isRecursive: Bool { true }

  /// Each test case's scope only: the testing library also asks for a scope around a test
  /// function's cases (`testCase == nil`), which would start a second thread per test.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    testCase == nil ? nil : self
  }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let executor = ThreadExecutor()
    defer { executor.finish() }
    try await withTaskExecutorPreference(executor) { try await function() }
  }
}

extension Trait where Self == OnOwnThread {
  /// Each test runs on a thread of its own (see ``OnOwnThread``).
  public static var onOwnThread: Self { Self() }
}

/// A task executor with one thread of its own, started when a job arrives and ended once
/// `finish()` was called and no job is left.
public final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
  /// Whether the calling thread is one of a `ThreadExecutor`'s (told by a mark in its thread
  /// dictionary: thread names are not reliable on Linux, where a new thread inherits its
  /// creator's and a rename may not take).
  public static var isCurrentThreadOwn: Bool {
    Thread.current.threadDictionary[mark] as? Bool == true
  }

  private static let mark = "TetherOwnTestThread"

  // Unchecked Sendable: every field is used under `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var isRunning = false
  private var isFinished = false

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    let start = !isRunning
    isRunning = true
    condition.signal()
    condition.unlock()
    if start {
      Thread { [self] in run() }.start()
    }
  }

  /// No more jobs are expected: the thread ends when the queue is empty (a late job starts it
  /// again).
  func finish() {
    condition.lock()
    isFinished = true
    condition.signal()
    condition.unlock()
  }

  private func run() {
    Thread.current.threadDictionary[Self.mark] = true
    while true {
      condition.lock()
      while jobs.isEmpty && !isFinished { condition.wait() }
      guard !jobs.isEmpty else {
        isRunning = false
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
