import Foundation

/// The `/posts` routes.
struct PostRoutes {
  let store: DataStore
  let writes: WriteMode

  func respond(to route: Route, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
    let query = request.query
    switch route {
    case .posts:
      return try ListQuery(query).response("posts", listing: store.posts)
    case .searchPosts:
      // dummyjson matches the body only, with `q` trimmed, lowercased and `-` read as a space.
      let needle = SearchText(query["q"])
      return try ListQuery(query).response(
        "posts", listing: store.posts.filter { needle.matches($0.body) })
    case .postsWithTag(let tag):
      let tag = tag.lowercased()
      return try ListQuery(query).response(
        "posts", listing: store.posts.filter { $0.tags.contains { $0.lowercased() == tag } })
    case .postsByUser(let id):
      return try listing(byUser: id, query)
    case .tags:
      let host = request.header("host") ?? "localhost"
      return HTTPResponse { json in
        json.array { json in
          for tag in tags() {
            json.object { json in
              json.field("slug", tag)
              json.field("name", Self.capitalizedWords(tag))
              json.field("url", "http://\(host)/posts/tag/\(tag)")
            }
          }
        }
      }
    case .tagList:
      return HTTPResponse { $0.array { json in for tag in tags() { json.value(tag) } } }
    case .addPost:
      return try add(request)
    case .post(let id):
      return try respondToPost(RecordID("post", id), request)
    default:
      throw .notFound("Route not found")
    }
  }

  /// `/posts/user/{id}` and `/users/{id}/posts`: 400 for an id that is not a number, 404 for
  /// a user that does not exist.
  func listing(byUser id: String, _ query: [String: String]) throws(APIError) -> HTTPResponse {
    let user = try RecordID("user", id).resolve { store.usersByID[$0] }
    return try ListQuery(query).response(
      "posts", listing: store.posts.filter { $0.userId == user.id })
  }

  private func respondToPost(_ id: RecordID, _ request: HTTPRequest) throws(APIError)
    -> HTTPResponse
  {
    let post = try id.resolve(store.post(id:))
    switch (request.method, writes) {
    case ("PUT", .stored), ("PATCH", .stored):
      let changes = try PostChanges(try request.jsonObject(lenient: false), users: store.usersByID)
      let client = WritingClient.of(request)
      guard let updated = store.updatePost(id: post.id, by: client, changes.apply) else {
        throw id.notFound
      }
      return HTTPResponse { updated.write(to: &$0) }
    case ("PUT", .dummyjson), ("PATCH", .dummyjson):
      let echo = SimulatedPostWrite.update(post, with: try request.jsonObject(lenient: true))
      return HTTPResponse { $0.value(.object(echo)) }
    case ("DELETE", _):
      if writes == .stored { _ = store.deletePost(id: post.id, by: WritingClient.of(request)) }
      let deletedOn = Timestamp.iso8601()
      return HTTPResponse { post.writeDeleted(to: &$0, on: deletedOn) }
    default:
      let fields = ListQuery.selectedFields(in: request.query)
      return HTTPResponse { post.write(to: &$0, selecting: fields) }
    }
  }

  private func add(_ request: HTTPRequest) throws(APIError) -> HTTPResponse {
    switch writes {
    case .stored:
      let changes = try PostChanges(try request.jsonObject(lenient: false), users: store.usersByID)
      let post = try store.addPost(by: WritingClient.of(request)) { (id) throws(APIError) in
        try changes.newPost(id: id)
      }
      return HTTPResponse(status: 201) { post.write(to: &$0) }
    case .dummyjson:
      let fields = try request.jsonObject(lenient: true)
      _ = try RecordID("user", fields["userId"]).resolve { store.usersByID[$0] }
      let echo = SimulatedPostWrite.add(fields, id: store.initialPostCount + 1)
      return HTTPResponse(status: 201) { $0.value(.object(echo)) }
    }
  }

  /// Every tag, in the order it first appears (by post id), as dummyjson lists them.
  private func tags() -> [String] {
    var seen: Set<String> = []
    return store.posts.flatMap(\.tags).filter { seen.insert($0).inserted }
  }

  /// `science-fiction` → `Science Fiction`, as dummyjson names tags.
  static func capitalizedWords(_ slug: String) -> String {
    slug.split(separator: "-", omittingEmptySubsequences: false)
      .map { $0.prefix(1).uppercased() + $0.dropFirst() }
      .joined(separator: " ")
  }
}

/// A search query as dummyjson reads `q`: trimmed, lowercased, `-` as a space; empty matches
/// everything.
///
/// Matching runs Knuth–Morris–Pratt over the lowercased UTF-8 bytes, so a search costs time
/// linear in the text searched, however the query and the stored texts are made (a naive
/// search of `aaa…ab` in `aaa…a` is quadratic).
struct SearchText {
  let needle: [UInt8]
  /// `failure[i]`: the length of the longest proper prefix of `needle[0...i]` that is also its
  /// suffix.
  private let failure: [Int]

  init(_ query: String?) {
    let text = (query ?? "").trimmingJavaScriptWhitespace().lowercased()
      .replacingOccurrences(of: "-", with: " ")
    needle = Array(text.utf8)
    var failure = [Int](repeating: 0, count: needle.count)
    var length = 0
    for index in needle.indices.dropFirst() {
      while length > 0 && needle[index] != needle[length] { length = failure[length - 1] }
      if needle[index] == needle[length] { length += 1 }
      failure[index] = length
    }
    self.failure = failure
  }

  func matches(_ text: String) -> Bool {
    guard !needle.isEmpty else { return true }
    var text = text
    // ASCII text (most of it) is lowercased byte by byte on the way; other text as Unicode says.
    if let found = text.withUTF8(searchASCII) { return found }
    return search(Array(text.lowercased().utf8))
  }

  /// Whether `bytes`, lowercased, contain the needle; `nil` at the first byte that is not ASCII.
  private func searchASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
    needle.withUnsafeBufferPointer { needle in
      failure.withUnsafeBufferPointer { failure in
        var matched = 0
        for var byte in bytes {
          if byte >= 0x80 { return nil }
          if byte &- UInt8(ascii: "A") < 26 { byte |= 0x20 }
          while matched > 0 && byte != needle[matched] { matched = failure[matched - 1] }
          if byte == needle[matched] { matched += 1 }
          if matched == needle.count { return true }
        }
        return false
      }
    }
  }

  private func search(_ bytes: [UInt8]) -> Bool {
    var matched = 0
    for byte in bytes {
      while matched > 0 && byte != needle[matched] { matched = failure[matched - 1] }
      if byte == needle[matched] { matched += 1 }
      if matched == needle.count { return true }
    }
    return false
  }
}
