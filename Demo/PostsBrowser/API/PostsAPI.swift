import Foundation
import TetherHTTP

/// The dummyjson posts endpoints the browser uses, as plain values.
public enum PostsAPI {
  /// The author every new post is written by: user 1 exists on dummyjson and on the embedded
  /// service.
  public static let authorID = 1

  /// One page of the feed, newest first: `limit` posts after skipping `skip`.
  public static func posts(skip: Int, limit: Int) -> Endpoint<PostsPage> {
    Endpoint(
      .get, "posts",
      query: [
        URLQueryItem(name: "limit", value: String(limit)),
        URLQueryItem(name: "skip", value: String(skip)),
        URLQueryItem(name: "sortBy", value: "id"),
        URLQueryItem(name: "order", value: "desc"),
      ])
  }

  /// One post.
  public static func post(_ id: Int) -> Endpoint<Post> {
    Endpoint(.get, "posts/\(id)")
  }

  /// One user, the author of a post.
  public static func user(_ id: Int) -> Endpoint<User> {
    Endpoint(.get, "users/\(id)")
  }

  /// One page of post `id`'s comments, oldest first: `limit` comments after skipping `skip`.
  public static func comments(ofPost id: Int, skip: Int, limit: Int) -> Endpoint<CommentsPage> {
    Endpoint(
      .get, "comments/post/\(id)",
      query: [
        URLQueryItem(name: "limit", value: String(limit)),
        URLQueryItem(name: "skip", value: String(skip)),
      ])
  }

  /// Creates a post.
  public static func addPost(_ draft: PostDraft) -> Endpoint<Post> {
    Endpoint(.post, "posts/add", body: .json(draft))
  }

  /// Changes the title and body of post `id`.
  public static func updatePost(_ id: Int, with draft: PostDraft) -> Endpoint<Post> {
    Endpoint(.put, "posts/\(id)", body: .json(PostDraft(title: draft.title, body: draft.body)))
  }

  /// Deletes post `id`.
  public static func deletePost(_ id: Int) -> Endpoint<Post> {
    Endpoint(.delete, "posts/\(id)")
  }
}
