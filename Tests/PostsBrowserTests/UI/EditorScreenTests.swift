import Testing
import TetherTerminal

@testable import PostsBrowser

@Suite struct EditorScreenTests {
  @Test func theNewPostDialogStartsEmptyWithBothFields() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("n")
    #expect(browser.text.contains("New post"))
    #expect(browser.text.contains("What is it about?"))  // the cursor no longer hides the W
    #expect(browser.text.contains("[ Create ]"))
    #expect(browser.text.contains("Ctrl-S submit"))
  }

  @Test func submittingShowsCreatingThenClosesWithAToastAndTheNewPostInTheFeed() async throws {
    let browser = try BrowserHarness { $0.delay("/posts/add", by: .seconds(1)) }
    await browser.waitFor("Posts · 25 of 25")
    browser.press("n")
    browser.type("Fresh news")
    browser.press(.tab)
    browser.type("First line")
    browser.press(.enter)
    browser.type("Second line")
    browser.press(.ctrl("s"))
    await browser.waitFor("Creating…")
    browser.press(.ctrl("s"))  // disabled while it runs
    await browser.release(after: .seconds(1))
    await browser.waitFor("Post #26 created")
    #expect(!browser.text.contains("New post"))
    await browser.waitFor("Posts · 26 of 26")
    #expect(browser.screen.lines[1].contains("Fresh news"))
    #expect(browser.backend.posts.last?.body == "First line\nSecond line")
    #expect(browser.backend.posts.count == 26)
  }

  @Test func aFailedSubmissionKeepsEveryTypedCharacter() async throws {
    let browser = try BrowserHarness {
      $0.fail("/posts/add", status: 400, message: "Title is too spicy")
    }
    await browser.waitFor("Posts · 25 of 25")
    browser.press("n")
    browser.type("Héllo 世界 🎉")
    browser.press(.tab)
    browser.type("Body text")
    browser.press(.ctrl("s"))
    await browser.waitFor("400: Title is too spicy")
    #expect(browser.text.contains("Héllo 世界 🎉"))
    #expect(browser.text.contains("Body text"))
    #expect(browser.app.editor?.draft.title == "Héllo 世界 🎉")
    browser.backend.heal("/posts/add")
    browser.press(.ctrl("s"))
    await browser.waitFor("Post #26 created")
  }

  @Test func anEmptyTitleIsRefusedBeforeSending() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("n", .ctrl("s"))
    #expect(browser.text.contains("A post needs a title."))
    #expect(browser.backend.transport.requests.allSatisfy { $0.httpMethod != "POST" })
  }

  @Test func escapeAsksBeforeLosingText() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("n", .escape)
    #expect(!browser.text.contains("New post"))
    browser.press("n")
    browser.type("Draft")
    browser.press(.escape)
    #expect(browser.text.contains("Discard your changes?"))
    browser.press("n")
    #expect(browser.text.contains("Draft"))
    #expect(!browser.text.contains("Discard your changes?"))
    browser.press(.escape, "y")
    #expect(!browser.text.contains("New post"))
  }

  @Test func aRefusedEditRollsBackAndReopensTheEditorWithTheTextAndTheError() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    browser.backend.fail("/posts/25", status: 409, message: "Edit conflict")
    browser.backend.delay("/posts/25", by: .seconds(1))
    browser.press("e")
    #expect(browser.text.contains("Edit post #25"))
    browser.press(.ctrl("u"))
    browser.type("Edited title")
    browser.press(.ctrl("s"))
    // Optimistic: the dialog closes and the new title shows in the feed and the post.
    #expect(!browser.text.contains("Edit post #25"))
    #expect(browser.screen.lines[1].contains("Edited title"))
    #expect(browser.text.components(separatedBy: "Edited title").count == 3)
    await browser.release(after: .seconds(1))
    await browser.waitFor("Couldn't save: 409: Edit conflict — Ctrl-S to try again")
    // Rolled back underneath, and the typed text is back in the editor, ready to save again.
    #expect(browser.text.contains("Edit post #25"))
    #expect(browser.app.editor?.draft.title == "Edited title")
    #expect(browser.screen.lines[1].contains("Post 25"))
    #expect(browser.app.model.post(25).state.currentValue?.title == "Post 25")
    browser.backend.heal("/posts/25")
    browser.backend.delay("/posts/25", by: nil)
    browser.press(.ctrl("s"))
    await browser.waitFor("Post #25 saved")
    #expect(browser.backend.posts.first { $0.id == 25 }?.title == "Edited title")
  }

  @Test func escapeAfterARefusedEditAsksBeforeLosingTheText() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    browser.backend.fail("/posts/25", status: 409, message: "Edit conflict")
    browser.press("e", .ctrl("u"))
    browser.type("Edited title")
    browser.press(.ctrl("s"))
    await browser.waitFor("Couldn't save: 409: Edit conflict")
    browser.press(.escape)
    #expect(browser.text.contains("Discard your changes?"))
  }

  @Test func ctrlCInTheEditorAsksBeforeLosingTypedText() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    await browser.settle()
    browser.press("n", .ctrl("c"))
    // Nothing typed: Ctrl-C quits at once.
    #expect(browser.loop.isFinished)

    let typing = try BrowserHarness()
    await typing.waitFor("Posts · 25 of 25")
    await typing.settle()
    typing.press("n")
    typing.type("Half a thought")
    typing.press(.ctrl("c"))
    #expect(!typing.loop.isFinished)
    #expect(typing.text.contains("Quit and discard your changes?"))
    #expect(typing.text.contains("y yes"))  // the footer shows the question's keys
    typing.press("n")
    #expect(typing.text.contains("Half a thought"))
    typing.press(.ctrl("c"), "y")
    #expect(typing.loop.isFinished)
  }

  @Test func editingSavesTheNewTitle() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    browser.press("e", .ctrl("u"))
    browser.type("Better title")
    browser.press(.ctrl("s"))
    await browser.waitFor("Post #25 saved")
    #expect(browser.backend.posts.first { $0.id == 25 }?.title == "Better title")
    #expect(browser.screen.lines[1].contains("Better title"))
  }

  @Test func deletingIsOptimisticAndRollsBackWhenRefused() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    browser.backend.fail("/posts/25", status: 403, message: "Not yours")
    browser.backend.delay("/posts/25", by: .seconds(1))
    let feedRequests = browser.backend.transport.requests.filter { $0.url?.path == "/posts" }
    browser.press("x")
    #expect(browser.text.contains("Delete “Post 25”?"))
    browser.press("y")
    #expect(browser.screen.lines[1].contains("Post 24"))
    #expect(browser.text.contains("Posts · 24 of 24"))
    await browser.release(after: .seconds(1))
    await browser.waitFor("Couldn't delete post #25: 403: Not yours — restored")
    #expect(browser.text.contains("Posts · 25 of 25"))
    // Back in its place, and so is the selection (it had moved on to #24).
    #expect(browser.screen.lines[1].contains("Post 25"))
    #expect(browser.app.selection?.postID == 25 && browser.app.feedList.selection == 0)
    // Put back as it was: nothing to refetch.
    let after = browser.backend.transport.requests.filter { $0.url?.path == "/posts" }
    #expect(after.count == feedRequests.count)
    #expect(browser.text.contains("Post #25"))
  }

  /// A post the server no longer has (404) is not "restored": it was deleted before.
  @Test func deletingAPostAlreadyGoneSaysSo() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    // Someone else deletes it; the feed on screen was read before.
    _ = try await browser.app.model.operations.api.send(PostsAPI.deletePost(25))
    browser.press("x", "y")
    await browser.waitFor("Post #25 was already deleted: the server no longer has it")
    #expect(!browser.text.contains("restored"))
    #expect(browser.text.contains("Posts · 24 of 24"))
    #expect(browser.screen.lines[1].contains("Post 24"))
  }

  @Test func deletingRemovesThePost() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Body of post 25.")
    await browser.settle()
    browser.press("x", "y")
    await browser.waitFor("Post #25 deleted")
    await browser.waitFor("Posts · 24 of 24")
    #expect(!browser.backend.posts.contains { $0.id == 25 })
    #expect(browser.screen.lines[1].contains("Post 24"))
  }

  @Test func theBodyWrapsAtWordBoundaries() async throws {
    let browser = try BrowserHarness()
    await browser.waitFor("Posts · 25 of 25")
    browser.press("n", .tab)
    browser.type(
      "Every summer people would gather near the old mountain and talk about the brave night")
    // The line breaks between two words, never inside one.
    let rows = browser.screen.lines.filter { $0.contains("Every summer") || $0.contains("brave") }
    #expect(rows.count == 2)
    #expect(rows[0].contains("mountain and talk "))
    #expect(rows[1].contains("│ about the brave night"))
  }
}
