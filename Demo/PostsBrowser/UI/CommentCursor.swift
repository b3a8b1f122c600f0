import TetherTerminal

/// The selected comment of the post on screen, while the comments have focus (Enter in the
/// post, Esc back): ↑/↓ or j/k move it, and `X` deletes it when it is yours.
///
/// A comment is remembered by its id, so it stays selected while comments arrive above or
/// below it; when it goes (deleted, here or elsewhere) the comment now at its place is
/// selected.
struct CommentCursor: Equatable {
  private(set) var commentID: Int?
  private(set) var index: Int

  /// Selects `comment`, or the first of `comments` when it is nil or not among them.
  init(selecting comment: Comment? = nil, in comments: [Comment]) {
    index = comment.flatMap { comment in comments.firstIndex { $0.id == comment.id } } ?? 0
    commentID = comments.indices.contains(index) ? comments[index].id : nil
  }

  /// The selected comment among `comments`: by id, else the one at the remembered place (the
  /// last when the list got shorter); nil when there are none.
  func selected(in comments: [Comment]) -> Comment? {
    if let commentID, let comment = comments.first(where: { $0.id == commentID }) {
      return comment
    }
    return comments.isEmpty ? nil : comments[min(index, comments.count - 1)]
  }

  /// Moves the selection for a key of the comments (↑/k, ↓/j, Page Up/Down, g, G) and
  /// returns whether the key was one.
  mutating func handle(_ key: Key, in comments: [Comment]) -> Bool {
    let current = selected(in: comments).flatMap { comment in
      comments.firstIndex { $0.id == comment.id }
    }
    let step: Int
    switch key {
    case .up, "k": step = -1
    case .down, "j": step = 1
    case .pageUp: step = -5
    case .pageDown: step = 5
    case "g": step = -comments.count
    case "G": step = comments.count
    default: return false
    }
    guard let current else { return true }
    index = max(0, min(comments.count - 1, current + step))
    commentID = comments[index].id
    return true
  }
}
