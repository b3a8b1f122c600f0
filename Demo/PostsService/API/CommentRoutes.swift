/// The `/comments` routes, and `/posts/{id}/comments`.
struct CommentRoutes {
  let store: DataStore
  let writes: WriteMode

  func respond(to route: Route, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
    switch route {
    case .comments:
      return try ListQuery(request.query).response("comments", listing: store.comments)
    case .commentsOfPost(let id):
      return try listing(ofPost: id, request.query)
    case .addComment:
      return try add(request)
    case .comment(let id):
      return try respondToComment(id, request)
    default:
      throw .notFound("Route not found")
    }
  }

  /// `/comments/post/{id}` and `/posts/{id}/comments`: 400 for an id that is not a number, 404
  /// for a post that does not exist.
  func listing(ofPost id: String, _ query: [String: String]) throws(APIError) -> HTTPResponse {
    let post = try RecordID("post", id).resolve(store.post(id:))
    return try ListQuery(query).response(
      "comments", listing: store.comments.filter { $0.postId == post.id })
  }

  private func add(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
    let fields = try request.jsonObject(lenient: writes == .dummyjson)
    guard case .string(let body)? = fields["body"], !body.isEmpty else {
      throw .badRequest("Invalid comment body")
    }
    let post = try RecordID("post", fields["postId"]).resolve(store.post(id:))
    let user = try RecordID("user", fields["userId"]).resolve { store.usersByID[$0] }
    switch writes {
    case .stored:
      let text = try PostChanges.capped(body, "body", FieldLimits.commentBody)
      let comment = store.addComment(by: WritingClient.of(request)) { id in
        Comment(id: id, body: text, postId: post.id, likes: 0, user: Comment.Author(user))
      }
      return HTTPResponse(status: 201) { comment.write(to: &$0) }
    case .dummyjson:
      let echo = SimulatedCommentWrite.add(
        body: body, postId: fields["postId"] ?? .null, user: user,
        id: store.initialCommentCount + 1)
      return HTTPResponse(status: 201) { $0.value(.object(echo)) }
    }
  }

  private func respondToComment(_ text: String, _ request: HTTPRequest) throws(APIError)
    -> HTTPResponse
  {
    // dummyjson looks comments up by their id's text: anything else is 404, never 400.
    let notFound = APIError.notFound("Comment with id '\(text)' not found")
    guard let id = Int(text), String(id) == text, let comment = store.comment(id: id) else {
      throw notFound
    }
    switch request.method {
    case "PUT", "PATCH":
      let fields = try request.jsonObject(lenient: writes == .dummyjson)
      var body: String?
      if case .string(let text)? = fields["body"], !text.isEmpty {
        body = text
      } else if writes == .stored, fields["body"] != nil {
        throw .badRequest("Invalid comment body")
      }
      let postID = fields["postId"].flatMap { $0.isFalsy ? nil : $0 }
      let post = try postID.map { (value) throws(APIError) in
        try RecordID("post", value).resolve(store.post(id:))
      }
      let userID = fields["userId"].flatMap { $0.isFalsy ? nil : $0 }
      let user = try userID.map { (value) throws(APIError) in
        try RecordID("user", value).resolve { store.usersByID[$0] }
      }
      switch writes {
      case .stored:
        if let body { _ = try PostChanges.capped(body, "body", FieldLimits.commentBody) }
        let updated = store.updateComment(id: id, by: WritingClient.of(request)) { comment in
          if let body { comment.body = body }
          if let post { comment.postId = post.id }
          if let user { comment.user = Comment.Author(user) }
        }
        guard let updated else { throw notFound }
        return HTTPResponse { updated.write(to: &$0) }
      case .dummyjson:
        let echo = SimulatedCommentWrite.update(comment, body: body, postId: postID, user: user)
        return HTTPResponse { $0.value(.object(echo)) }
      }
    case "DELETE":
      if writes == .stored { _ = store.deleteComment(id: id, by: WritingClient.of(request)) }
      let deletedOn = Timestamp.iso8601()
      return HTTPResponse { comment.writeDeleted(to: &$0, on: deletedOn) }
    default:
      let fields = ListQuery.selectedFields(in: request.query)
      return HTTPResponse { comment.write(to: &$0, selecting: fields) }
    }
  }
}
