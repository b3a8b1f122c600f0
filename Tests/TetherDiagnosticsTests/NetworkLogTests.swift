import Foundation
import Synchronization
import Testing
import TetherDiagnostics

@Suite struct NetworkLogTests {
  @Test func anObserverHearsEachRecordBegunOrFinishedUntilItsSubscriptionEnds() {
    let log = NetworkLog(capacity: 3)
    let heard = Mutex<[UInt64]>([])
    let subscription = log.observe { id in heard.withLock { $0.append(id) } }
    let first = log.begin(method: "GET", url: "http://x/a", target: "/a", at: Date())
    log.finish(first, with: NetworkOutcome(duration: .milliseconds(5), status: 200))
    let second = log.begin(method: "GET", url: "http://x/b", target: "/b", at: Date())
    subscription.cancel()
    log.finish(second, with: NetworkOutcome(duration: .milliseconds(5), isCancelled: true))
    #expect(heard.withLock { $0 } == [first, first, second])
    #expect(log.records([second]).map(\.id) == [second])
    #expect(log.records([second]).first?.isCancelled == true)
  }

  @Test func aReleasedSubscriptionStopsObserving() {
    let log = NetworkLog()
    let count = Mutex(0)
    _ = log.observe { _ in count.withLock { $0 += 1 } }
    log.begin(method: "GET", url: "http://x/a", target: "/a", at: Date())
    #expect(count.withLock { $0 } == 0)
  }

  @Test func olderRecordsFallOffPastTheCapacity() {
    let log = NetworkLog(capacity: 2)
    let ids = (0..<3).map { _ in log.begin(method: "GET", url: "u", target: "/", at: Date()) }
    #expect(log.records.map(\.id) == Array(ids.suffix(2)))
    #expect(log.records(Set(ids)).map(\.id) == Array(ids.suffix(2)))
  }
}
