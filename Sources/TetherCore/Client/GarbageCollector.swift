import Foundation
import TetherSynchronization

/// Removes a client's stores that stay without subscribers for the collection delay.
///
/// Every store is scheduled when it is created and whenever its last subscriber leaves.
/// Deadlines are "now + a fixed delay", so they arrive in order and the schedule is a queue:
/// one task sleeps until the earliest deadline, whatever the number of stores.
final class GarbageCollector: Sendable {
  struct Candidate: Sendable {
    let path: OperationPath
    let store: ObjectIdentifier
    let deadline: Date
  }

  private struct Queue {
    var candidates: [Candidate] = []
    var head = 0
    var sweeper: Task<Void, Never>?
    var isStopped = false
  }

  private let delay: Duration
  private let clock: any TetherClock
  private let collect: @Sendable (Candidate) -> Void
  private let queue = SanitizerVisibleMutex(Queue())

  /// - Parameter collect: removes the candidate's store if it is still unused, or schedules it
  ///   again.
  init(
    delay: Duration, clock: any TetherClock, collect: @escaping @Sendable (Candidate) -> Void
  ) {
    self.delay = delay
    self.clock = clock
    self.collect = collect
  }

  /// Schedules the store at `path` for collection after the delay.
  func schedule(_ store: any OperationStoreProtocol, at path: OperationPath) {
    let candidate = Candidate(
      path: path, store: ObjectIdentifier(store), deadline: clock.now().adding(delay))
    queue.withLock { queue in
      guard !queue.isStopped else { return }
      queue.candidates.append(candidate)
      if queue.sweeper == nil {
        queue.sweeper = Task { [weak self] in await self?.sweep() }
      }
    }
  }

  /// Stops collecting; called when the client goes away.
  func stop() {
    let sweeper = queue.withLock { queue in
      queue.isStopped = true
      return queue.sweeper
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
    queue.withLock { queue in
      guard queue.head < queue.candidates.count, !queue.isStopped else {
        queue.sweeper = nil
        return nil
      }
      return queue.candidates[queue.head].deadline
    }
  }

  private func takeDue() -> ArraySlice<Candidate> {
    let now = clock.now()
    return queue.withLock { queue in
      let start = queue.head
      while queue.head < queue.candidates.count, queue.candidates[queue.head].deadline <= now {
        queue.head += 1
      }
      let due = queue.candidates[start..<queue.head]
      if queue.head > 1024, queue.head * 2 > queue.candidates.count {
        queue.candidates.removeFirst(queue.head)
        queue.head = 0
      }
      return due
    }
  }
}
