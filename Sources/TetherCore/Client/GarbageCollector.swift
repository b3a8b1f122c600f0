import Foundation
import TetherSynchronization

/// Removes a client's stores that stay without subscribers for their collection delay.
///
/// Every store is scheduled when it is created and whenever its last subscriber leaves, at
/// "unused since + its delay". Delays differ per store (`.removeWhenUnused(after:)`), so the
/// schedule is a heap: one task sleeps until the earliest deadline, whatever the number of
/// stores, and is restarted when an earlier one arrives.
final class GarbageCollector: Sendable {
  struct Candidate: Sendable {
    let path: OperationPath
    let store: ObjectIdentifier
    let isMutation: Bool
    let deadline: Date
  }

  private struct Schedule {
    /// One deadline per store: a later schedule replaces an earlier one.
    var heap = DeadlineHeap<ObjectIdentifier, Date>()
    var candidates: [ObjectIdentifier: Candidate] = [:]
    var sweeper: Task<Void, Never>?
    var sweepsUntil: Date?
    var isStopped = false
  }

  private let clock: any TetherClock
  private let collect: @Sendable (Candidate) -> Void
  private let schedule = SanitizerVisibleMutex(Schedule())

  /// - Parameter collect: removes the candidate's store if it is still unused, or schedules it
  ///   again.
  init(clock: any TetherClock, collect: @escaping @Sendable (Candidate) -> Void) {
    self.clock = clock
    self.collect = collect
  }

  /// Schedules the store at `path` for collection at `deadline`.
  func schedule(
    _ store: any OperationStoreProtocol, at path: OperationPath, isMutation: Bool,
    deadline: Date
  ) {
    let candidate = Candidate(
      path: path, store: ObjectIdentifier(store), isMutation: isMutation, deadline: deadline)
    let replaced = schedule.withLock { schedule -> Task<Void, Never>? in
      guard !schedule.isStopped else { return nil }
      schedule.heap.set(candidate.store, to: deadline)
      schedule.candidates[candidate.store] = candidate
      if let sweepsUntil = schedule.sweepsUntil, deadline >= sweepsUntil { return nil }
      if schedule.sweeper != nil, schedule.sweepsUntil == nil { return nil }
      let previous = schedule.sweeper
      schedule.sweepsUntil = nil
      schedule.sweeper = Task { [weak self] in await self?.sweep() }
      return previous
    }
    replaced?.cancel()
  }

  /// Stops collecting; called when the client goes away.
  func stop() {
    let sweeper = schedule.withLock { schedule in
      schedule.isStopped = true
      return schedule.sweeper
    }
    sweeper?.cancel()
  }

  private func sweep() async {
    while let deadline = nextDeadline() {
      do {
        try await clock.sleep(until: deadline)
      } catch {
        return
      }
      for candidate in takeDue() { collect(candidate) }
    }
  }

  /// The earliest deadline, or nil (ending the sweeper) when nothing is scheduled.
  private func nextDeadline() -> Date? {
    schedule.withLock { schedule in
      guard !Task.isCancelled else { return nil }
      guard let deadline = schedule.heap.first?.deadline, !schedule.isStopped else {
        schedule.sweeper = nil
        schedule.sweepsUntil = nil
        return nil
      }
      schedule.sweepsUntil = deadline
      return deadline
    }
  }

  private func takeDue() -> [Candidate] {
    let now = clock.now()
    return schedule.withLock { schedule in
      var due: [Candidate] = []
      while let earliest = schedule.heap.first, earliest.deadline <= now {
        schedule.heap.popFirst()
        if let candidate = schedule.candidates.removeValue(forKey: earliest.key) {
          due.append(candidate)
        }
      }
      return due
    }
  }
}
