import EndToEndSupport
import Foundation
import Testing
import TetherTerminal

/// Issue 33, item 15: nothing leaves stray characters. An emoji made wide by U+FE0F
/// (`Weekend hike 🏔️ with friends`) took two columns in tmux but one in curses' count, so the
/// rest of its row moved one column right and pieces of it stayed behind when the row changed
/// (a toast, a scroll). Every row of the feed ends at the same column.
@Suite(.onOwnThread, .enabled(if: TmuxSession.isAvailable, "tmux is not installed"))
struct EmojiColumnsEndToEndTests {
  @Test func aRowWithAWideEmojiEndsWhereTheOthersEnd() async throws {
    let tmux = try TmuxSession(width: 200, height: 60, name: "posts-emoji")
    try await tmux.launchPosts("--no-cache")
    let screen = try await tmux.waitUntil("the hike among the rows") {
      $0.lines.contains { $0.contains("Weekend hike") } && $0.feedTitle.hasPrefix("Posts · 60")
    }
    // Columns as tmux draws them: an emoji with U+FE0F in two, without it in one.
    func border(_ line: String) -> Int? {
      line.range(of: "││").map { DisplayWidth.of(String(line[..<$0.lowerBound])) }
    }
    let plain = try #require(screen.lines.first { $0.contains("Notes from a brave library") })
    let hike = try #require(screen.lines.first { $0.contains("Weekend hike") })
    #expect(border(plain) != nil)
    #expect(
      border(hike) == border(plain), "the hike's row ends where others do:\n\(plain)\n\(hike)")
    try tmux.press("q")
  }
}
