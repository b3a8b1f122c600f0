import Foundation
import TetherCore
import TetherPersistence
import TetherSynchronization

/// A persister in memory that records every save, so a test can see what was written and
/// when, and wait for the next save.
final class RecordingPersister: Persister {
  private struct State {
    var snapshot: ClientSnapshot?
    var saves: [SnapshotChanges] = []
    var discards = 0
    var isClosed = false
    var losesEverything = false
  }

  private let state: SanitizerVisibleMutex<State>
  private let stream: AsyncStream<SnapshotChanges>
  private let continuation: AsyncStream<SnapshotChanges>.Continuation

  init(_ snapshot: ClientSnapshot? = nil) {
    state = SanitizerVisibleMutex(State(snapshot: snapshot))
    (stream, continuation) = AsyncStream.makeStream(of: SnapshotChanges.self)
  }

  var snapshot: ClientSnapshot? { state.withLock { $0.snapshot } }
  var saves: [SnapshotChanges] { state.withLock { $0.saves } }
  var discards: Int { state.withLock { $0.discards } }
  var isClosed: Bool { state.withLock { $0.isClosed } }

  /// The next save not yet waited for.
  func nextSave() async -> SnapshotChanges? {
    var iterator = stream.makeAsyncIterator()
    return await iterator.next()
  }

  /// Makes the next `takeFullSaveRequest()` say the storage was lost.
  func loseEverything() {
    state.withLock {
      $0.snapshot = nil
      $0.losesEverything = true
    }
  }

  func restore() async -> ClientSnapshot? { snapshot }

  func save(_ changes: SnapshotChanges) {
    state.withLock { state in
      state.snapshot = changes.applied(to: state.snapshot)
      state.saves.append(changes)
    }
    continuation.yield(changes)
  }

  func discard() {
    state.withLock {
      $0.snapshot = nil
      $0.discards += 1
    }
  }

  func close() async {
    state.withLock { $0.isClosed = true }
  }

  func takeFullSaveRequest() -> Bool {
    state.withLock { state in
      defer { state.losesEverything = false }
      return state.losesEverything
    }
  }
}
