import Foundation
import TetherTerminal

/// The dialog that writes a comment on a post: one field; Enter sends, Esc closes (asking
/// first when typed text would be lost).
struct CommentEditor {
  enum Outcome: Equatable {
    case handled, ignored, close
    case submit(String)
  }

  let postID: Int
  var text: TextFieldState
  /// Why the last comment was refused: shown until the next try.
  var error: String?
  private var discardPrompt: ConfirmState?

  init(postID: Int, text: String = "", error: String? = nil) {
    self.postID = postID
    self.text = TextFieldState(text: text)
    self.error = error
  }

  mutating func handle(_ event: Event) -> Outcome {
    if var prompt = discardPrompt {
      guard case .key(let key) = event else { return .ignored }
      switch prompt.handle(key) {
      case .confirmed: return .close
      case .cancelled: discardPrompt = nil
      case nil: discardPrompt = prompt
      }
      return .handled
    }
    switch event {
    case .key(.escape):
      guard !trimmed.isEmpty else { return .close }
      discardPrompt = ConfirmState()
      return .handled
    case .key(.enter):
      guard !trimmed.isEmpty else {
        error = "A comment needs some text."
        return .handled
      }
      return .submit(trimmed)
    default:
      return text.handle(event) ? .handled : .ignored
    }
  }

  private var trimmed: String { text.text.trimmingCharacters(in: .whitespacesAndNewlines) }

  mutating func render(in bounds: Rect, into frame: inout Frame) {
    let size = Size(width: min(72, bounds.width - 4), height: min(6, bounds.height - 2))
    let dialog = Dialog(title: "Comment on post #\(postID)", size: size)
    dialog.render(in: bounds, into: &frame)
    let rows = dialog.content(in: bounds).rows([.fixed(1), .fixed(1), .fill])
    TextField(placeholder: "Say something…", isFocused: discardPrompt == nil)
      .render(in: rows[0], into: &frame, state: &text)
    let line = error.map { Describe.fitting($0, suffix: "", width: rows[2].width) }
    frame.write(
      line ?? "Enter send · Esc close", at: Point(x: rows[2].minX, y: rows[2].minY),
      style: error == nil ? .dim : Theme.error, clip: rows[2])
    if var prompt = discardPrompt {
      ConfirmPrompt(
        title: "Discard your comment?", message: "What you typed will be lost.",
        confirmTitle: "Discard", cancelTitle: "Keep writing"
      ).render(in: bounds, into: &frame, state: &prompt)
      discardPrompt = prompt
    }
  }
}
