import Testing
import TetherTerminal

@testable import PostsBrowser

/// The comments of the post get a selection: Enter in the post goes into them, ↑/↓ or j/k
/// select one, `X` asks before deleting it if it is yours and says why not otherwise.
@Suite struct CommentCursorScreenTests {
  @Test func xDeletesTheSelectedCommentIfItIsYoursAndSaysWhyNotOtherwise() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Comment 2 on post 25")
    await browser.settle()
    browser.press("2", .enter)
    #expect(browser.text.contains("› @user1 · 1 like"), "\(browser.text)")
    #expect(browser.text.contains("Esc/h/← back"))
    browser.press("j")
    #expect(browser.text.contains("› @user2 · 2 likes"), "\(browser.text)")
    browser.press("X")
    #expect(
      browser.text.contains("Only your own comments can be deleted; this one is @user2's"),
      "\(browser.text)")
    #expect(!browser.text.contains("Delete your comment"))
    browser.press("k", "X")
    #expect(browser.text.contains("Delete “Comment 1 on post 25”?"), "\(browser.text)")
    browser.press("n")
    #expect(!browser.text.contains("Delete “Comment 1"))
    // Esc leaves the comments: the post's own keys are back.
    browser.press(.escape)
    #expect(!browser.text.contains("› @user1"))
    #expect(browser.text.contains("e edit"), "\(browser.text)")
    // X from the post selects your newest comment and asks about it.
    browser.press("X")
    #expect(browser.text.contains("› @user1 · 1 like"), "\(browser.text)")
    #expect(browser.text.contains("Delete “Comment 1 on post 25”?"))
  }

  @Test func theSelectionFollowsItsCommentAndFallsBackToItsPlace() {
    func comment(_ id: Int) -> PostsBrowser.Comment {
      PostsBrowser.Comment(
        id: id, body: "\(id)", postId: 1, likes: 0,
        user: .init(id: 1, username: "u", fullName: "U"))
    }
    let comments = [comment(1), comment(2), comment(3)]
    var cursor = CommentCursor(in: comments)
    #expect(cursor.selected(in: comments)?.id == 1)
    let moved = cursor.handle("G", in: comments)
    #expect(moved)
    #expect(cursor.selected(in: comments)?.id == 3)
    let ignored = cursor.handle("x", in: comments)
    #expect(!ignored)
    _ = cursor.handle("k", in: comments)
    // A comment arrives above: the same one stays selected.
    #expect(cursor.selected(in: [comment(0)] + comments)?.id == 2)
    // It goes: the one now at its place is selected; the last when the list got shorter.
    #expect(cursor.selected(in: [comment(1), comment(3)])?.id == 3)
    #expect(cursor.selected(in: [comment(1)])?.id == 1)
    #expect(cursor.selected(in: []) == nil)
  }
}
