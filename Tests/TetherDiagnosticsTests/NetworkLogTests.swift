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

  @Test func aRecordIsFoundByItsIdUntilItFallsOffOrIsCleared() {
    let log = NetworkLog(capacity: 3)
    let ids = (0..<5).map { _ in log.begin(method: "GET", url: "u", target: "/", at: Date()) }
    #expect(log.record(ids[1]) == nil)
    #expect(log.record(ids[2])?.id == ids[2])
    #expect(log.record(ids[4] + 1) == nil)
    log.finish(ids[1], with: NetworkOutcome(duration: .milliseconds(5), status: 500))
    log.finish(ids[3], with: NetworkOutcome(duration: .milliseconds(5), status: 201))
    #expect(log.records.map(\.status) == [nil, 201, nil])
    log.removeAll()
    #expect(log.record(ids[4]) == nil)
    let next = log.begin(method: "GET", url: "u", target: "/", at: Date())
    #expect(log.record(next)?.id == next)
    #expect(log.record(ids[4]) == nil)
  }
}
