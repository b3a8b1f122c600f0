import Testing
import TetherSynchronization

@testable import TetherCore

@Suite struct ListenersTests {
  /// Collects what listeners are told, in order.
  final class Told: Sendable {
    let entries = SanitizerVisibleMutex<[String]>([])
    var all: [String] { entries.withLock { $0 } }
    func record(_ entry: String) { entries.withLock { $0.append(entry) } }
  }

  /// The custom condition of `Listeners`' doc comment.
  final class LidCondition: RunCondition {
    private let listeners = Listeners<Bool>()

    var trigger: RunTrigger { .condition }
    func isSatisfied(in context: OperationContext) -> Bool { true }

    func subscribe(
      in context: OperationContext, onChange: @escaping @Sendable (Bool) -> Void
    ) -> OperationSubscription {
      listeners.subscribe(onChange)
    }

    func lidOpened() { listeners.notify(true) }
  }

  @Test func listenersAreToldInTheOrderTheySubscribed() {
    let listeners = Listeners<Int>()
    let told = Told()
    let first = listeners.subscribe { told.record("first \($0)") }
    let second = listeners.subscribe { told.record("second \($0)") }
    let third = listeners.subscribe { told.record("third \($0)") }
    listeners.notify(1)
    second.cancel()
    listeners.notify(2)
    #expect(told.all == ["first 1", "second 1", "third 1", "first 2", "third 2"])
    _ = (first, third)
  }

  @Test func aReleasedSubscriptionEndsAndCancellingTwiceDoesNothing() {
    let listeners = Listeners<Int>()
    let told = Told()
    var subscription: OperationSubscription? = listeners.subscribe { told.record("\($0)") }
    listeners.notify(1)
    subscription = nil
    listeners.notify(2)
    let kept = listeners.subscribe { told.record("kept \($0)") }
    kept.cancel()
    kept.cancel()
    listeners.notify(3)
    #expect(told.all == ["1"])
    _ = subscription
  }

  @Test func aListenerMaySubscribeAndCancelWhileBeingTold() {
    let listeners = Listeners<Int>()
    let told = Told()
    let inner = SanitizerVisibleMutex<OperationSubscription?>(nil)
    let outer = listeners.subscribe { value in
      told.record("outer \(value)")
      guard value == 1 else { return }
      let subscription = listeners.subscribe { value in
        told.record("inner \(value)")
        if value == 3 { inner.withLock { $0?.cancel() } }
      }
      inner.withLock { $0 = subscription }
    }
    listeners.notify(1)  // the listener added now is told from the next change on
    listeners.notify(2)
    listeners.notify(3)  // the inner one cancels itself
    listeners.notify(4)
    #expect(told.all == ["outer 1", "outer 2", "inner 2", "outer 3", "inner 3", "outer 4"])
    outer.cancel()
  }

  @Test func aCustomConditionTellsItsStores() {
    let condition = LidCondition()
    let told = Told()
    let subscription = condition.subscribe(in: OperationContext(clock: TestClock())) {
      told.record("\($0)")
    }
    condition.lidOpened()
    #expect(told.all == ["true"])
    subscription.cancel()
  }
}
