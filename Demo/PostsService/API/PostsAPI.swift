/// Answers requests to the dummyjson-compatible routes from a `PostStore`.
///
/// Every answer is JSON; errors are `{"message": ...}` with a 4xx status. `HEAD` is answered like
/// `GET` (the connection leaves the body out).
struct PostsAPI: Sendable {
  /// Every method some route accepts; anything else is answered with 405.
  static let knownMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]

  let store: PostStore
  let faults: FaultController

  func respond(to request: HTTPRequest) -> HTTPResponse {
    do {
      return try route(request)
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
    guard let route = Route(pathSegments: request.pathSegments) else {
      throw .notFound(
        "Route '\(request.method) /\(request.pathSegments.joined(separator: "/"))' not found")
    }
    guard route.allowedMethods.contains(request.method) else {
      throw APIError(
        status: 405, message: "Method '\(request.method)' is not allowed here",
        allowedMethods: route.allowedMethods)
    }
    let query = request.query
    switch route {
    case .posts:
      return try PostListQuery(query).response(listing: store.posts)
    case .search:
      let needle = (query["q"] ?? "").lowercased()
      let matches = store.posts.filter {
        needle.isEmpty || $0.title.lowercased().contains(needle)
          || $0.body.lowercased().contains(needle)
      }
      return try PostListQuery(query).response(listing: matches)
    case .postsWithTag(let tag):
      let tag = tag.lowercased()
      return try PostListQuery(query).response(
        listing: store.posts.filter { $0.tags.contains { $0.lowercased() == tag } })
    case .postsByUser(let userID):
      let id = Int(userID)
      return try PostListQuery(query).response(listing: store.posts.filter { $0.userId == id })
    case .tags:
      let host = request.header("host") ?? "localhost"
      return HTTPResponse { json in
        json.array { json in
          for tag in allTags() {
            json.object { json in
              json.field("slug", tag)
              json.field("name", tag.prefix(1).uppercased() + tag.dropFirst())
              json.field("url", "http://\(host)/posts/tag/\(tag)")
            }
          }
        }
      }
    case .tagList:
      return HTTPResponse { $0.array { json in for tag in allTags() { json.value(tag) } } }
    case .addPost:
      let changes = try PostChanges(json: request.body, users: store.users)
      let post = try store.add { (id) throws(APIError) in try changes.newPost(id: id) }
      return HTTPResponse(status: 201) { post.write(to: &$0) }
    case .post(let id):
      return try respondToPost(id: id, request)
    case .comments(let postID):
      guard let id = Int(postID), store.post(id: id) != nil else { throw .postNotFound(postID) }
      let comments = store.comments(onPost: id)
      let pagination = try Pagination(query)
      return HTTPResponse { json in
        json.envelope(
          "comments", page: pagination.page(of: comments), total: comments.count,
          skip: pagination.skip
        ) { comment, json in comment.write(to: &json) }
      }
    case .user(let userID):
      guard let user = Int(userID).flatMap({ store.users[$0] }) else {
        throw .notFound("User with id '\(userID)' not found")
      }
      return HTTPResponse { user.write(to: &$0) }
    case .faults:
      return try FaultsEndpoint(faults: faults).respond(to: request)
    }
  }

  private func respondToPost(id text: String, _ request: HTTPRequest) throws(APIError)
    -> HTTPResponse
  {
    guard let id = Int(text) else { throw .postNotFound(text) }
    switch request.method {
    case "PUT", "PATCH":
      let changes = try PostChanges(json: request.body, users: store.users)
      guard let post = store.update(id: id, changes.apply) else { throw .postNotFound(text) }
      return HTTPResponse { post.write(to: &$0) }
    case "DELETE":
      guard let post = store.delete(id: id) else { throw .postNotFound(text) }
      let deletedOn = Timestamp.iso8601()
      return HTTPResponse { json in
        post.write(to: &json) { json in
          json.field("isDeleted", true)
          json.field("deletedOn", deletedOn)
        }
      }
    default:
      guard let post = store.post(id: id) else { throw .postNotFound(text) }
      let fields = try PostListQuery.selectedFields(in: request.query)
      return HTTPResponse { post.write(to: &$0, fields: fields) }
    }
  }

  private func allTags() -> [String] {
    Set(store.posts.flatMap(\.tags)).sorted()
  }
}

extension APIError {
  fileprivate static func postNotFound(_ id: String) -> APIError {
    .notFound("Post with id '\(id)' not found")
  }
}
