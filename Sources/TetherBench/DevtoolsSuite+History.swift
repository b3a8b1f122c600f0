import Foundation
import TetherCore
import TetherDevtools
import TetherJSON
import TetherTerminal

/// `tether-bench devtools`, issue 29's figures: the memory of 10,000 stores each holding 8
/// values of history, the diff of two 1 MB values, and the event log of 100,000 events
/// scrolled on a 200×60 frame.
extension DevtoolsSuite {
  static let historyDepth = 8

  @concurrent
  static func measureHistory(plain: Harness.Sample) async {
    Harness.heading("devtools: value history, diffs and the event log")
    let before = (try? ProcessUsage(of: getpid()))?.residentBytes ?? 0
    let client = OperationClient(clock: TestClock(), connectivity: ManualCondition(true))
    let devtools = Devtools(client: client, history: HistoryLimits(count: historyDepth))
    let state = DevtoolsState()
    state.catalog.synchronize(with: devtools)
    var stores: [OperationStore<QueryState<Post, any Error>>] = []
    for index in 0..<storeCount {
      let post = Post(id: index, title: "A title of a typical length, #\(index)", tags: ["a"])
      stores.append(client.store(for: Query<Post, any Error>(["post", index]) { _ in post }))
    }
    // Eight values each, the catalog taking them as a loop would, a frame at a time.
    for round in 0..<historyDepth {
      for (index, store) in stores.enumerated() {
        store.setCurrentValue(
          Post(id: index, title: "Title \(round) of post \(index)", tags: ["a", "\(round)"]))
        if index % 1000 == 999 { state.catalog.synchronize(with: devtools) }
      }
      state.catalog.synchronize(with: devtools)
    }
    let kept = state.catalog.records.values.reduce(0) { $0 + $1.history.entries.count }
    let bytes = state.catalog.records.values.reduce(0) { $0 + $1.history.bytes }
    let after = (try? ProcessUsage(of: getpid()))?.residentBytes ?? 0
    Harness.line(
      "memory: \(storeCount) stores × \(historyDepth) values of history",
      "\(megabytes(after - before)) for the stores, devtools and \(kept) values "
        + "(\(megabytes(bytes)) of JSON), target < 80 MB "
        + (after - before < 80_000_000 ? "✓" : "✗"))
    withExtendedLifetime(stores) {}

    measureDiff()
    await measureEventLog(plain: plain)
  }

  /// Two 1 MB feeds: 100 titles changed, 10 posts added at the top, 10 removed.
  static func measureDiff() {
    let old = (0..<10_000).map { index -> JSONValue in
      [
        "id": .number(JSONNumber(index)),
        "title": .string("A title of a typical length for post number \(index)"),
        "tags": ["history", "crime", "mystery"],
      ]
    }
    var new = Array(old.dropLast(10))
    for index in stride(from: 0, to: 10_000 - 10, by: 99) {
      new[index] = [
        "id": .number(JSONNumber(index)), "title": .string("Edited \(index)"),
        "tags": ["history", "crime", "mystery"],
      ]
    }
    new.insert(
      contentsOf: (0..<10).map { ["id": .number(JSONNumber(20_000 + $0)), "title": "New"] }, at: 0)
    let before = JSONValue.array(old)
    let after = JSONValue.array(new)
    let bytes = before.text().utf8.count
    let clock = ContinuousClock()
    var best = Duration.seconds(100)
    var summary = ""
    var equalBest = Duration.seconds(100)
    for _ in 0..<5 {
      let start = clock.now
      let diff = ValueDiff(from: before, to: after)
      best = min(best, clock.now - start)
      summary = diff.summary
      let equalStart = clock.now
      _ = before == after
      equalBest = min(equalBest, clock.now - equalStart)
    }
    Harness.line(
      "diff of two \(megabytes(bytes)) values (\(summary))",
      "\(Harness.formatDuration(best.seconds)) (comparing them for equality: "
        + "\(Harness.formatDuration(equalBest.seconds))), target < 50 ms "
        + (best < .milliseconds(50) ? "✓" : "✗"))
  }

  /// The event log of 100,000 events, a page down or up each frame, filtered and not.
  static func measureEventLog(plain: Harness.Sample) async {
    let log = EventLog(capacity: 100_000)
    for index in 0..<100_000 {
      log.append(
        index % 7 == 0 ? .failed : .succeeded, path: ["post", index % 500], isMutation: false,
        date: Date(timeIntervalSinceReferenceDate: Double(index)))
    }
    for filter in ["", "post · 42"] {
      let sample = await Harness.best(iterations: frameCount) {
        var state = EventLogState()
        state.filter = FilterField(text: filter)
        RenderSuite.frames(frameCount + 1) { index, frame in
          if index > 0 {
            _ = state.handle(.key(index % 20 < 10 ? .pageUp : .pageDown))
          }
          EventLogView(log).render(in: frame.bounds, into: &frame, state: &state)
        }
      }
      Harness.compare(
        "frame: event log of 100,000 events" + (filter.isEmpty ? "" : ", filtered"), sample,
        baseline: "plain row writes + diff", plain)
      verdict(sample, "event log frame target < 2 ms")
    }
  }
}
