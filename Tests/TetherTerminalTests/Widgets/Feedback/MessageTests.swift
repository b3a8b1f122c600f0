import Foundation
import Testing

@testable import TetherTerminal

@Suite struct MessageTests {
  @Test func bannerFillsItsRowInTheKindsStyle() {
    let screen = screen(20, 1) { frame in
      Banner("Server error 500", kind: .error).render(in: frame.bounds, into: &frame)
    }
    #expect(screen.lines == [" ✖ Server error 500"])
    #expect(screen.style(at: Point(x: 19, y: 0)) == MessageKind.error.style)
  }

  @Test func toastShowsUntilItExpiresAndSchedulesItsExpiry() {
    var toast = ToastState()
    toast.show("Post #252 created", now: testEpoch, duration: .seconds(3))
    let shown = draw(30, 5, now: testEpoch.addingTimeInterval(1)) { frame in
      Toast().render(in: frame.bounds, into: &frame, state: &toast)
    }
    #expect(shown.screen.lines[3] == "         │ Post #252 created │")
    #expect(shown.screen.style(at: Point(x: 10, y: 3)) == MessageKind.info.style)
    #expect(shown.frame.nextRedraw == testEpoch.addingTimeInterval(3))
    let expired = draw(30, 5, now: testEpoch.addingTimeInterval(3)) { frame in
      Toast().render(in: frame.bounds, into: &frame, state: &toast)
    }
    #expect(expired.screen.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    #expect(expired.frame.nextRedraw == nil)
  }

  @Test func aNewToastReplacesTheOldAndDismissHidesIt() {
    var toast = ToastState()
    toast.show("one", now: testEpoch)
    toast.show("two", kind: .error, now: testEpoch)
    #expect(toast.visibleMessage(at: testEpoch) == "two")
    toast.dismiss()
    #expect(toast.visibleMessage(at: testEpoch) == nil)
  }
}
