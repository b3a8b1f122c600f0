/// The changes the browser makes to a page of the feed before the server confirms them (see
/// ``PostsOperations``). Each may be made again on a page that already has it — a page the
/// feed was loading when the write started gets the change too — so each is harmless twice.
extension PostsPage {
  /// Post `id` with a draft's title and body, if this page lists it.
  mutating func apply(_ draft: PostDraft, toPost id: Int) {
    guard let index = posts.firstIndex(where: { $0.id == id }) else { return }
    posts[index].apply(draft)
  }

  /// Post `id` taken out, and the server's count with it. Every page carries the count and the
  /// last page's is the one shown: a page that arrives while the deletion is pending is the
  /// last one and drops it once, and an earlier page dropping it twice shows nowhere.
  mutating func remove(_ id: Int) {
    posts.removeAll { $0.id == id }
    total -= 1
  }
}

extension Post {
  /// The draft's title and body, the rest unchanged.
  mutating func apply(_ draft: PostDraft) {
    title = draft.title
    body = draft.body
  }
}
