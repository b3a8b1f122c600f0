import Foundation
import Testing
import TetherDevtoolsHTTP
import TetherTerminal

@testable import PostsBrowser

/// The status bar keeps what matters most when it is too narrow for everything.
@Suite struct StatusLineTests {
  let now = Date(timeIntervalSinceReferenceDate: 1_000_000)

  private func bar(width: Int, inFlight: Int = 0, stores: Int = 14) -> String {
    let faults = ClientFaultInjector()
    var activity = RequestActivity.Snapshot()
    if inFlight > 0 { activity.inFlightSince["/posts"] = Array(repeating: now, count: inFlight) }
    let line = StatusLine(
      faults: faults, storeFaults: faults, activity: activity, storeCount: stores,
      feedCachedAt: now.addingTimeInterval(-300), now: now, serverIsUnreachable: true)
    var frame = Frame(size: Size(width: width, height: 1), now: now)
    line.render(in: frame.bounds, into: &frame)
    let screen = VirtualScreen(size: frame.bounds.size)
    var canvas = frame.canvas
    screen.present(&canvas)
    return screen.text
  }

  @Test(arguments: [6, 14])
  func atEightyColumnsNoRequestInFlightGivesWayToTheCachesAge(stores: Int) {
    let text = bar(width: 80, stores: stores)
    #expect(text.contains("server not answering · from cache · 5 min old"))
    #expect(!text.contains("in flight"))
    #expect(text.contains("\(stores) stores"))
  }

  @Test func requestsInFlightAndAWideBarKeepTheCount() {
    #expect(bar(width: 120).contains("0 in flight · server not answering · from cache"))
    #expect(bar(width: 80, inFlight: 2).contains("2 in flight"))
  }
}
