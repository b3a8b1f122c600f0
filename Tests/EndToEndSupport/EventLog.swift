import TetherSynchronization

/// Events recorded by one thread (a server's, say) and awaited by a test, with a generous
/// limit (a ``HangGuard``) that only matters when something is broken.
public final class EventLog<Event: Equatable & Sendable>: Sendable {
  private struct Waiter {
    var id: Int
    var event: Event
    var continuation: CheckedContinuation<Bool, Never>
  }

  private struct State {
    var events: [Event] = []
    var waiters: [Waiter] = []
    var nextID = 0
  }

  private let state = SanitizerVisibleMutex(State())

  public init() {}

  /// Every event recorded so far, in order.
  public var events: [Event] { state.withLock { $0.events } }

  public func record(_ event: Event) {
    let ready = state.withLock { state -> [Waiter] in
      state.events.append(event)
      let ready = state.waiters.filter { $0.event == event }
      state.waiters.removeAll { $0.event == event }
      return ready
    }
    for waiter in ready { waiter.continuation.resume(returning: true) }
  }

  /// Whether `event` was recorded (now or before a ``HangGuard`` of `deadline` runs out).
  public func wait(for event: Event, deadline: Duration = .seconds(60)) async -> Bool {
    let hangGuard = HangGuard(limit: deadline)
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask { await self.waitUntilRecorded(event) }
      group.addTask {
        try? await hangGuard.sleepUntilRunOut()
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
  }

  private func waitUntilRecorded(_ event: Event) async -> Bool {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let recorded = state.withLock { state -> Bool? in
          if state.events.contains(event) { return true }
          if Task.isCancelled { return false }
          state.waiters.append(Waiter(id: id, event: event, continuation: continuation))
          return nil
        }
        if let recorded { continuation.resume(returning: recorded) }
      }
    } onCancel: {
      let waiter = state.withLock { state -> Waiter? in
        guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return state.waiters.remove(at: index)
      }
      waiter?.continuation.resume(returning: false)
    }
  }
}
