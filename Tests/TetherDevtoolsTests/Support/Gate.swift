import EndToEndSupport
import TetherCore
import TetherSynchronization

/// Runs of an operation that wait until the test answers them, oldest first.
final class Gate<Value: Sendable>: Sendable {
  private struct Pending {
    let id: Int
    let continuation: CheckedContinuation<Value, any Error>
  }

  private struct State {
    var pending: [Pending] = []
    var started = 0
    var nextID = 0
  }

  private let state = SanitizerVisibleMutex(State())
  /// Fired whenever a run starts.
  let started = ChangeSignal()

  var startCount: Int { state.withLock { $0.started } }
  var pendingCount: Int { state.withLock { $0.pending.count } }

  func run() async throws -> Value {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        state.withLock { state in
          state.pending.append(Pending(id: id, continuation: continuation))
          state.started += 1
        }
        started.fire()
      }
    } onCancel: {
      let cancelled = state.withLock { state -> Pending? in
        guard let index = state.pending.firstIndex(where: { $0.id == id }) else { return nil }
        return state.pending.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Waits until `count` runs have started (real-time limit only against hangs).
  func waitForStarts(_ count: Int) async {
    while startCount < count {
      guard await started.next(orGiveUpAfter: .seconds(60)) else { return }
    }
  }

  func succeed(_ value: Value) { answer(.success(value)) }
  func fail(_ error: any Error) { answer(.failure(error)) }

  private func answer(_ result: Result<Value, any Error>) {
    let pending = state.withLock { state in
      precondition(!state.pending.isEmpty, "no run is waiting for an answer")
      return state.pending.removeFirst()
    }
    pending.continuation.resume(with: result)
  }
}

/// A failure for tests.
struct TestFailure: Error, Equatable, CustomStringConvertible {
  var code = 0
  var description: String { "test failure \(code)" }
}
