import Foundation
import TetherHTTP

/// The dummyjson posts endpoints the browser uses, as plain values.
public enum PostsAPI {
  /// The author every new post is written by: user 1 exists on dummyjson and on the embedded
  /// service.
  public static let authorID = 1

  /// The header naming this browser to the service, `X-Posts-Client`, sent with every request
  /// so that the change stream tells its own changes from the others'.
  public static let clientHeader = "X-Posts-Client"

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

  /// New, changed and deleted posts as the service's server-sent events, live. The service
  /// sends a heartbeat every 2 s, so a silence of 10 s is a stalled stream.
  public static var changes: StreamEndpoint<PostChange> {
    var changes = StreamEndpoint<PostChange>(.get, "posts/changes", maximumEventSize: 16 << 10)
    changes.idleTimeout = .seconds(10)
    return changes
  }

  /// Adds a comment to post `postID`, written by the browser's author.
  public static func addComment(_ body: String, toPost postID: Int) -> Endpoint<Comment> {
    Endpoint(
      .post, "comments/add",
      body: .json(NewComment(body: body, postId: postID, userId: authorID)))
  }

  /// Deletes comment `id`.
  public static func deleteComment(_ id: Int) -> Endpoint<Comment> {
    Endpoint(.delete, "comments/\(id)")
  }

  /// Deletes post `id`.
  public static func deletePost(_ id: Int) -> Endpoint<Post> {
    Endpoint(.delete, "posts/\(id)")
  }
}

/// The body of `POST /comments/add`.
struct NewComment: Codable, Sendable, Hashable {
  var body: String
  var postId: Int
  var userId: Int
}
