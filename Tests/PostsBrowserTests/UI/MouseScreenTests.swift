import Testing
import TetherTerminal

@testable import PostsBrowser

/// Clicks select what they land on and focus its panel; the wheel scrolls the panel under the
/// pointer; dialogs' buttons and fields answer clicks.
@Suite struct MouseScreenTests {
  private func click(_ browser: BrowserHarness, x: Int, y: Int) {
    browser.input.send(.mouse(MouseEvent(.press(.left), at: Point(x: x, y: y))))
    browser.input.send(.mouse(MouseEvent(.release(.left), at: Point(x: x, y: y))))
    browser.loop.runUntilIdle()
  }

  private func wheel(_ browser: BrowserHarness, down: Bool, x: Int, y: Int) {
    let kind: MouseEvent.Kind = down ? .scrollDown : .scrollUp
    browser.input.send(.mouse(MouseEvent(kind, at: Point(x: x, y: y))))
    browser.loop.runUntilIdle()
  }

  @Test func aClickSelectsTheRowAndFocusesItsPanel() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    click(browser, x: 10, y: 5)  // the fifth row
    #expect(browser.screen.lines[5].contains("› Post 21"))
    await browser.waitFor("Body of post 21.")
    click(browser, x: 70, y: 10)
    #expect(browser.app.focus == .post)
    click(browser, x: 10, y: 2)
    #expect(browser.app.focus == .feed)
    #expect(browser.screen.lines[2].contains("› Post 24"))
  }

  @Test func aClickOnACommentSelectsItAsTheKeysWould() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Comment 2 on post 25")
    await browser.settle()
    #expect(browser.app.focus == .feed)
    let second = try #require(browser.screen.find("Comment 2 on post 25"))
    click(browser, x: second.x + 3, y: second.y)
    #expect(browser.app.focus == .post)
    #expect(browser.text.contains("› @user2 · 2 likes"), "\(browser.text)")
    #expect(browser.text.contains("Esc/h/← back"), "the comments' keys")
    // The byline selects too; then the keys go on from the comment clicked.
    let first = try #require(browser.screen.find("@user1 · 1 like"))
    click(browser, x: first.x, y: first.y)
    #expect(browser.text.contains("› @user1 · 1 like"), "\(browser.text)")
    browser.press("j")
    #expect(browser.text.contains("› @user2 · 2 likes"))
    // A click on the post's body leaves the selection as it is.
    let body = try #require(browser.screen.find("Body of post 25."))
    click(browser, x: body.x, y: body.y)
    #expect(browser.text.contains("› @user2 · 2 likes"))
  }

  @Test func theWheelScrollsThePanelUnderThePointer() async throws {
    let body = Array(repeating: "A line of the body that goes on.", count: 80).joined(
      separator: " ")
    let browser = try BrowserHarness(posts: 60)
    await browser.waitFor("Posts · 30 of 60")
    await browser.settle()
    browser.model.post(60).setCurrentValue(
      Post(id: 60, title: "Post 60", body: body, userId: 1))
    browser.loop.runUntilIdle()
    #expect(browser.screen.lines[1].contains("││Post 60"))
    wheel(browser, down: true, x: 70, y: 10)
    #expect(!browser.screen.lines[1].contains("││Post 60"))
    #expect(browser.app.postScroll == 3)
    wheel(browser, down: false, x: 70, y: 10)
    #expect(browser.screen.lines[1].contains("││Post 60"))
    // Over the feed, the wheel scrolls the list (the selection comes along).
    for _ in 0..<3 { wheel(browser, down: true, x: 10, y: 10) }
    #expect(!browser.screen.lines[1].contains("Post 60 "))
    #expect(browser.screen.lines.contains { $0.contains("› Post") })
    #expect(browser.app.focus == .feed)
  }

  @Test func dialogButtonsAndFieldsAnswerClicks() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("x")
    let keep = try #require(browser.screen.find("[ Keep ]"))
    click(browser, x: keep.x + 2, y: keep.y)
    #expect(browser.app.deletion == nil)
    #expect(browser.text.contains("Posts · 25 of 25"))
    browser.press("x")
    let delete = try #require(browser.screen.find("[ Delete ]"))
    click(browser, x: delete.x + 2, y: delete.y)
    await browser.waitFor("Post #25 deleted")

    browser.press("n")
    browser.type("Typed title")
    let body = try #require(browser.screen.find("Say more…"))
    click(browser, x: body.x + 3, y: body.y)
    browser.type("and a body")
    #expect(browser.app.editor?.draft == PostDraft(title: "Typed title", body: "and a body"))
    let cancel = try #require(browser.screen.find("[ Cancel ]"))
    click(browser, x: cancel.x + 2, y: cancel.y)
    #expect(browser.text.contains("Discard your changes?"))
    let discard = try #require(browser.screen.find("[ Discard ]"))
    click(browser, x: discard.x + 2, y: discard.y)
    #expect(browser.app.editor == nil)
  }
}
