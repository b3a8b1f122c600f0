import Testing

@testable import PostsBrowser

/// Which changes of the service's stream mark a post as changed elsewhere.
@Suite struct PostChangeTests {
  @Test func someoneElsesTitleOrBodyMarksThePost() {
    // The service says `yours` only when it is true.
    let body = PostChange(change: "changed", id: 3, title: "Same", fields: ["body"])
    #expect(body.marksChangedElsewhere(knownTitle: "Same"))
    let title = PostChange(change: "changed", id: 3, title: "New", fields: ["title"], yours: false)
    #expect(title.marksChangedElsewhere(knownTitle: "Old"))
    let views = PostChange(change: "changed", id: 3, title: "Same", fields: ["views"], yours: false)
    #expect(!views.marksChangedElsewhere(knownTitle: "Same"))
  }

  @Test func yourOwnChangeDoesNot() {
    let own = PostChange(
      change: "changed", id: 3, title: "Mine", fields: ["title", "body"], yours: true)
    #expect(!own.marksChangedElsewhere(knownTitle: "Old"))
    let deleted = PostChange(change: "deleted", id: 3, yours: true)
    #expect(!deleted.marksChangedElsewhere(knownTitle: "Listed"))
    #expect(PostChange(change: "deleted", id: 3).marksChangedElsewhere(knownTitle: "Listed"))
    #expect(!PostChange(change: "deleted", id: 3).marksChangedElsewhere(knownTitle: nil))
  }

  @Test func aServerThatDoesNotSayIsJudgedByTheTitle() {
    #expect(PostChange(change: "changed", id: 3, title: "B").marksChangedElsewhere(knownTitle: "A"))
    #expect(
      !PostChange(change: "changed", id: 3, title: "A").marksChangedElsewhere(knownTitle: "A"))
    #expect(!PostChange(change: "comments", id: 3).marksChangedElsewhere(knownTitle: "A"))
  }
}
