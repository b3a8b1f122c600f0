import TetherJSON

/// Answers requests to the dummyjson-compatible routes from a `DataStore`.
///
/// Every answer is JSON; errors are `{"message": ...}` with a 4xx status. `HEAD` is answered like
/// `GET` (the connection leaves the body out). Every route takes `delay=MS`; the connection does
/// the waiting, this only refuses a bad value.
struct PostsAPI: Sendable {
  /// Every method some route accepts; anything else is answered with 405.
  static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]

  let store: DataStore
  let writes: WriteMode
  let faults: FaultController

  func respond(to request: HTTPRequest) -> HTTPResponse {
    do {
      return EntityTag.applying(to: try route(request), for: request)
    } catch {
      return error.response
    }
  }

  private func route(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
    guard Self.knownMethods.contains(request.method) else {
      throw APIError(
        status: 405, message: "Method '\(request.method)' is not supported",
        allowedMethods: Self.knownMethods.sorted())
    }
    if let error = DelayParameter(request.query).error { throw error }
    guard let route = Route(pathSegments: request.pathSegments) else {
      throw .notFound(
        "Route '\(request.method) /\(request.pathSegments.joined(separator: "/"))' not found")
    }
    guard route.allowedMethods.contains(request.method) else {
      throw APIError(
        status: 405, message: "Method '\(request.method)' is not allowed here",
        allowedMethods: route.allowedMethods)
    }
    let posts = PostRoutes(store: store, writes: writes)
    let comments = CommentRoutes(store: store, writes: writes)
    let users = UserRoutes(store: store)
    switch route {
    case .posts, .searchPosts, .tags, .tagList, .addPost, .postsWithTag, .postsByUser, .post:
      return try posts.respond(to: route, request)
    case .postComments(let id):
      return try comments.listing(ofPost: id, request.query)
    case .comments, .addComment, .commentsOfPost, .comment:
      return try comments.respond(to: route, request)
    case .users, .searchUsers, .user:
      return try users.respond(to: route, request)
    case .userPosts(let id):
      return try posts.listing(byUser: id, request.query)
    case .postChanges:
      // A HEAD (a GET is streamed by the server): the number of the latest change.
      return HTTPResponse { $0.object { $0.field("latest", store.latestChange) } }
    case .faults:
      return try FaultsEndpoint(faults: faults).respond(to: request)
    case .uploads:
      return try UploadRoute().respond(to: request)
    }
  }
}

/// How the service answers writes.
public enum WriteMode: String, Sendable, CaseIterable {
  /// Writes change the data, and later reads show them (the default; best for a demo). Fields
  /// are type-checked and size-capped; created posts and comments are capped in number.
  case stored
  /// Writes are answered the way dummyjson answers them and change nothing: a created post
  /// echoes what was sent with id 252 (one past the data), an update echoes the merged post,
  /// a delete returns the record marked deleted without removing it.
  case dummyjson
}

/// The most the service stores of a field written by a client (UTF-8 bytes); longer is 413.
enum FieldLimits {
  static let title = 1024
  static let body = 16 * 1024
  static let tagCount = 20
  static let tag = 64
  static let commentBody = 4096
}

extension HTTPRequest {
  /// The body as a JSON object. `lenient` reads anything but an object (an array, an empty
  /// body) as an empty object, as Express does for dummyjson; otherwise that is 400.
  func jsonObject(lenient: Bool) throws(APIError) -> JSONObject {
    if lenient && body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return JSONObject()
    }
    let document: JSONValue
    do {
      document = try JSONValue(parsing: body, limits: .requestBody)
    } catch {
      throw .invalidJSON(error)
    }
    guard case .object(let object) = document else {
      if lenient { return JSONObject() }
      throw .badRequest("The request body must be a JSON object, not \(document.typeDescription)")
    }
    return object
  }
}
