import Foundation
import TetherCore
import TetherSynchronization

/// Calls back at deadlines on one clock, with one sleeping task however many deadlines are
/// pending: a client's sends share it, so a deadline costs a heap insertion rather than a task
/// and a timer of its own.
///
/// The sleeper sleeps until the earliest pending deadline and is replaced only when an earlier
/// one arrives (rare: sends mostly share one timeout). When the last pending deadline is
/// cancelled the sleeper is cancelled too, so a test clock sees no sleeper once every send has
/// finished — except on ``SystemClock``, where it sleeps on until its deadline so that
/// sequential sends reuse it.
final class DeadlineScheduler: Sendable {
  private struct State {
    var pending: [Int: (deadline: Date, fire: @Sendable () -> Void)] = [:]
    /// The pending deadlines by id.
    var heap = DeadlineHeap<Int, Date>()
    var nextID = 0
    var sleeper: Task<Void, Never>?
    var sleeperDeadline: Date?
    /// Which sleeper is the current one (a replaced one may already be past its sleep).
    var sleeperGeneration = 0
  }

  let clock: any TetherClock
  private let keepsIdleSleeper: Bool
  private let state = SanitizerVisibleMutex(State())

  init(clock: any TetherClock) {
    self.clock = clock
    keepsIdleSleeper = clock is SystemClock
  }

  /// Calls `fire` once `deadline` has passed on the clock, unless cancelled first; returns the
  /// id to cancel it with.
  func schedule(at deadline: Date, _ fire: @escaping @Sendable () -> Void) -> Int {
    let (id, replaced) = state.withLock { state -> (Int, Task<Void, Never>?) in
      state.nextID += 1
      let id = state.nextID
      state.pending[id] = (deadline, fire)
      state.heap.set(id, to: deadline)
      if let current = state.sleeperDeadline, current <= deadline, state.sleeper != nil {
        return (id, nil)
      }
      let replaced = state.sleeper
      startSleeper(until: deadline, in: &state)
      return (id, replaced)
    }
    replaced?.cancel()
    return id
  }

  /// Forgets deadline `id`.
  func cancel(_ id: Int) {
    let idle = state.withLock { state -> Task<Void, Never>? in
      guard state.pending.removeValue(forKey: id) != nil else { return nil }
      state.heap.set(id, to: nil)
      if state.pending.isEmpty {
        guard !keepsIdleSleeper else { return nil }
        defer {
          state.sleeper = nil
          state.sleeperDeadline = nil
        }
        return state.sleeper
      }
      return nil
    }
    idle?.cancel()
  }

  private func startSleeper(until deadline: Date, in state: inout State) {
    let clock = clock
    state.sleeperGeneration += 1
    let generation = state.sleeperGeneration
    state.sleeperDeadline = deadline
    state.sleeper = Task { [weak self] in
      do {
        try await clock.sleep(until: deadline)
      } catch {
        return
      }
      self?.fireDue(generation: generation)
    }
  }

  /// Calls every deadline that has passed and sleeps until the next one.
  private func fireDue(generation: Int) {
    let now = clock.now()
    let due = state.withLock { state -> [@Sendable () -> Void] in
      var due: [@Sendable () -> Void] = []
      while let first = state.heap.first, first.deadline <= now {
        state.heap.popFirst()
        if let entry = state.pending.removeValue(forKey: first.key) { due.append(entry.fire) }
      }
      // A sleeper replaced while it woke leaves the current one alone.
      guard generation == state.sleeperGeneration else { return due }
      state.sleeper = nil
      state.sleeperDeadline = nil
      if let next = state.heap.first { startSleeper(until: next.deadline, in: &state) }
      return due
    }
    for fire in due { fire() }
  }
}
