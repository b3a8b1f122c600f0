import Synchronization
import Testing

@testable import TetherCore

/// The mock-offline switch over the network's own condition.
@Suite struct MockableConnectivityTests {
  /// A network that comes back while its first observer is being attached: the change lands
  /// after the value was read and before the observer is in place, so the network tells no one.
  final class NetworkBackDuringSubscribe: RunCondition {
    let online = Atomic(false)

    func isSatisfied(in context: OperationContext) -> Bool { online.load(ordering: .acquiring) }

    func subscribe(
      in context: OperationContext, onChange: @escaping @Sendable (Bool) -> Void
    ) -> OperationSubscription {
      online.store(true, ordering: .releasing)
      return OperationSubscription {}
    }
  }

  @Test func aChangeWhileTheNetworkIsFirstWatchedIsTold() {
    let connectivity = MockableConnectivity(NetworkBackDuringSubscribe())
    let told = Mutex<[Bool]>([])
    let subscription = connectivity.subscribe(in: OperationContext()) { value in
      told.withLock { $0.append(value) }
    }
    defer { subscription.cancel() }
    #expect(told.withLock { $0 } == [true], "the observer learns the network is back")
  }
}
