import Testing

@testable import TetherTerminal

@Suite struct HitMapTests {
  enum Target: Hashable, Sendable { case feed, post, dialog }

  @Test func theTopmostRegionWins() {
    var hits = HitMap<Target>()
    hits.add(.feed, Rect(x: 0, y: 0, width: 40, height: 20))
    hits.add(.post, Rect(x: 40, y: 0, width: 40, height: 20))
    hits.add(.dialog, Rect(x: 30, y: 5, width: 20, height: 5))
    #expect(hits.target(at: Point(x: 5, y: 5)) == .feed)
    #expect(hits.target(at: Point(x: 45, y: 15)) == .post)
    #expect(hits.target(at: Point(x: 45, y: 6)) == .dialog)
    #expect(hits.target(at: Point(x: 90, y: 6)) == nil)
    #expect(hits.rect(of: .post) == Rect(x: 40, y: 0, width: 40, height: 20))
    hits.removeAll()
    #expect(hits.target(at: Point(x: 5, y: 5)) == nil)
  }
}
