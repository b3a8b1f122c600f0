import TetherCore
import TetherSynchronization

/// Runs of an operation that wait until the test answers them, oldest first.
final class ScriptedRuns<Value: Sendable>: Sendable {
  private struct Pending {
    let id: Int
    let continuation: CheckedContinuation<Value, any Error>
  }

  private struct State {
    var pending: [Pending] = []
    var started = 0
    var nextID = 0
    var startWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = SanitizerVisibleMutex(State())

  /// How many runs have started.
  var startCount: Int { state.withLock { $0.started } }

  /// How many runs wait for an answer.
  var pendingCount: Int { state.withLock { $0.pending.count } }

  /// The body of the operation: waits for the test's answer; cancellation ends it at once.
  func run() async throws -> Value {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let ready = state.withLock { state in
          state.pending.append(Pending(id: id, continuation: continuation))
          state.started += 1
          let ready = state.startWaiters.filter { $0.count <= state.started }
          state.startWaiters.removeAll { $0.count <= state.started }
          return ready
        }
        for waiter in ready { waiter.continuation.resume() }
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Pending? in
        guard let index = state.pending.firstIndex(where: { $0.id == id }) else { return nil }
        return state.pending.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Returns once `count` runs have started (and wait for an answer, unless answered).
  func waitForStarts(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state in
        if state.started >= count { return true }
        state.startWaiters.append((count, continuation))
        return false
      }
      if ready { continuation.resume() }
    }
  }

  /// Answers the oldest waiting run with `value`.
  func succeed(_ value: Value) {
    answer(.success(value))
  }

  /// Answers the oldest waiting run with `error`.
  func fail(_ error: any Error) {
    answer(.failure(error))
  }

  /// Answers the newest waiting run with `value`.
  func succeedNewest(_ value: Value) {
    answer(.success(value), newest: true)
  }

  private func answer(_ result: Result<Value, any Error>, newest: Bool = false) {
    let pending = state.withLock { state in
      precondition(!state.pending.isEmpty, "no run is waiting for an answer")
      return newest ? state.pending.removeLast() : state.pending.removeFirst()
    }
    pending.continuation.resume(with: result)
  }
}

/// A failure for tests.
struct TestFailure: Error, Equatable {
  var code = 0
}

/// A thread-safe counter.
final class Counter: Sendable {
  private let value = SanitizerVisibleMutex(0)

  @discardableResult
  func increment() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }

  var count: Int { value.withLock { $0 } }
}

/// The code of the `TestFailure` a store method threw, or nil.
func failureCode(of error: any Error) -> Int? {
  ((error as? OperationError<any Error>)?.failure as? TestFailure)?.code
}

/// Whether a store method threw a cancellation.
func isCancellation(_ error: any Error) -> Bool {
  (error as? OperationError<any Error>)?.isCancellation == true
}

extension OperationClient {
  /// A client for tests: the test clock, a connectivity the test drives (online unless it says
  /// otherwise), and `defaults`.
  static func testing(
    clock: TestClock = TestClock(), online: ManualCondition = ManualCondition(true),
    defaults: OperationDefaults = OperationDefaults()
  ) -> OperationClient {
    OperationClient(clock: clock, connectivity: online, defaults: defaults)
  }
}
