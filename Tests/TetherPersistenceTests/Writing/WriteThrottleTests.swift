import Testing
import TetherPersistence
import TetherSynchronization
import TetherTime

/// The throttle on the test clock: at most one flush per interval, an interval after the first
/// change, at once when asked, and never two at a time.
struct WriteThrottleTests {
  /// Counts flushes and lets a test wait for the next one.
  final class Flushes: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let counter = SanitizerVisibleMutex(0)

    init() {
      (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    var record: @Sendable () -> Void {
      { [self] in
        counter.withLock { $0 += 1 }
        continuation.yield()
      }
    }

    var count: Int { counter.withLock { $0 } }

    /// Waits for the next flush (one that has not been waited for yet).
    func next() async {
      var iterator = stream.makeAsyncIterator()
      _ = await iterator.next()
    }
  }

  let clock = TestClock()
  let flushes = Flushes()

  @Test func changesWithinAnIntervalAreFlushedOnceAnIntervalAfterTheFirst() async {
    let throttle = WriteThrottle(interval: .seconds(1), clock: clock, flush: flushes.record)
    throttle.noteChange()
    await clock.waitForSleepers()
    clock.advance(by: .milliseconds(400))
    throttle.noteChange()
    throttle.noteChange()
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .milliseconds(599))
    #expect(flushes.count == 0)
    #expect(throttle.isFlushScheduled)

    clock.advance(by: .milliseconds(1))
    await flushes.next()
    #expect(flushes.count == 1)
    #expect(!throttle.isFlushScheduled)
  }

  @Test func aChangeAfterAFlushIsFlushedAnIntervalLater() async {
    let throttle = WriteThrottle(interval: .seconds(1), clock: clock, flush: flushes.record)
    throttle.noteChange()
    await clock.waitForSleepers()
    clock.advance(by: .seconds(1))
    await flushes.next()

    clock.advance(by: .seconds(5))
    throttle.noteChange()
    await clock.waitForSleepers()
    #expect(clock.nextDeadline == clock.now().adding(.seconds(1)))
    clock.advance(by: .seconds(1))
    await flushes.next()
    #expect(flushes.count == 2)
  }

  @Test func noChangeNoFlush() async {
    _ = WriteThrottle(interval: .seconds(1), clock: clock, flush: flushes.record)
    clock.advance(by: .seconds(10))
    #expect(clock.sleeperCount == 0)
    #expect(flushes.count == 0)
  }

  @Test func flushingByHandRunsAtOnceAndCancelsTheScheduledFlush() async {
    let throttle = WriteThrottle(interval: .seconds(1), clock: clock, flush: flushes.record)
    throttle.noteChange()
    await clock.waitForSleepers()
    throttle.flush()
    #expect(flushes.count == 1)
    #expect(!throttle.isFlushScheduled)
    clock.advance(by: .seconds(2))
    // A new change schedules a new flush, which runs; the cancelled one never did.
    throttle.noteChange()
    await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(1)))
    clock.advance(by: .seconds(1))
    await flushes.next()
    await flushes.next()
    #expect(flushes.count == 2)
  }

  @Test func stoppingFlushesAndSchedulesNothingMore() async {
    let throttle = WriteThrottle(interval: .seconds(1), clock: clock, flush: flushes.record)
    throttle.noteChange()
    throttle.stop()
    #expect(flushes.count == 1)
    throttle.noteChange()
    #expect(!throttle.isFlushScheduled)
    clock.advance(by: .seconds(5))
    #expect(flushes.count == 1)
  }

  @Test func flushesNeverOverlap() async {
    let running = SanitizerVisibleMutex((now: 0, most: 0))
    let throttle = WriteThrottle(interval: .seconds(1), clock: clock) {
      running.withLock {
        $0.now += 1
        $0.most = max($0.most, $0.now)
      }
      for _ in 0..<1_000 { _ = running.withLock { $0.now } }
      running.withLock { $0.now -= 1 }
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<50 {
        group.addTask {
          throttle.noteChange()
          throttle.flush()
        }
      }
    }
    #expect(running.withLock { $0.most } == 1)
  }
}
