import Foundation
import TetherHTTP
import TetherJSON

/// The data a server starts with: posts, the users they name, and comments on them.
///
/// ``sample`` is the generated demo data (251 posts, 100 users; always the same).
/// ``init(contentsOf:)`` reads a copy of dummyjson's own `posts.json`, `users.json` and
/// `comments.json` instead:
///
///     let data = try PostsData(contentsOf: URL(fileURLWithPath: "dummyjson-data"))
///     let server = try PostsServer.start(PostsServer.Configuration(data: data))
public struct PostsData: Sendable {
  var posts: [Post]
  var users: [User]
  var comments: [Comment]

  /// The generated sample: 251 posts, their 100 users, and comments on them.
  public static let sample = SampleData.generate()

  /// The largest data file read: 64 MiB.
  public static let maximumFileSize = 64 << 20

  init(posts: [Post], users: [User], comments: [Comment]) {
    self.posts = posts.sorted { $0.id < $1.id }
    self.users = users.sorted { $0.id < $1.id }
    self.comments = comments.sorted { $0.id < $1.id }
  }

  /// Reads `posts.json`, `users.json` and `comments.json` from `directory`, each a JSON array of
  /// dummyjson's records (or an API envelope such as `{"posts": [...], "total": ...}`); throws,
  /// naming the file and the record, when one cannot be used.
  public init(contentsOf directory: URL) throws(PostsDataError) {
    let users = try Self.records(in: directory, file: "users.json", key: "users") {
      (object) throws(PostsDataError) in try User(object)
    }
    let posts = try Self.records(in: directory, file: "posts.json", key: "posts") {
      (object) throws(PostsDataError) in try Post(object)
    }
    let comments = try Self.records(in: directory, file: "comments.json", key: "comments") {
      (object) throws(PostsDataError) in try Comment(object)
    }
    for (kind, ids) in [
      ("post", posts.map(\.id)), ("user", users.map(\.id)), ("comment", comments.map(\.id)),
    ] {
      var seen: Set<Int> = []
      if let repeated = ids.first(where: { !seen.insert($0).inserted }) {
        throw PostsDataError("two \(kind)s have the id \(repeated)")
      }
    }
    self.init(posts: posts, users: users, comments: comments)
  }

  /// How many posts, users and comments there are.
  public var counts: (posts: Int, users: Int, comments: Int) {
    (posts.count, users.count, comments.count)
  }

  private static func records<Element>(
    in directory: URL, file: String, key: String,
    _ make: (JSONObject) throws(PostsDataError) -> Element
  ) throws(PostsDataError) -> [Element] {
    let url = directory.appendingPathComponent(file)
    let bytes: [UInt8]
    do {
      let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
      guard size <= maximumFileSize else {
        throw PostsDataError("\(file) is larger than \(maximumFileSize >> 20) MiB")
      }
      bytes = Array(try Data(contentsOf: url))
    } catch let error as PostsDataError {
      throw error
    } catch {
      throw PostsDataError("cannot read \(url.path): \(error.localizedDescription)")
    }
    let document: JSONValue
    do {
      document = try JSONValue(
        parsing: bytes,
        limits: TetherJSON.JSONLimits(maximumDepth: 32, maximumSize: maximumFileSize))
    } catch {
      throw PostsDataError("\(file) is not valid JSON: \(error)")
    }
    let items: [JSONValue]
    switch document {
    case .array(let elements): items = elements
    case .object(let object):
      guard case .array(let elements)? = object[key] else {
        throw PostsDataError("\(file) must hold an array of \(key), or an object with one")
      }
      items = elements
    default:
      throw PostsDataError("\(file) must hold an array of \(key), not \(document.typeDescription)")
    }
    var records: [Element] = []
    for (index, item) in items.enumerated() {
      guard case .object(let object) = item else {
        throw PostsDataError("\(file): item \(index + 1) is \(item.typeDescription), not an object")
      }
      do {
        records.append(try make(object))
      } catch {
        throw PostsDataError("\(file): \(error)")
      }
    }
    return records
  }
}

/// Data the server cannot start with; `description` says which file and record, and why.
public struct PostsDataError: Error, Equatable, CustomStringConvertible {
  public var description: String

  init(_ description: String) {
    self.description = description
  }
}

extension Post {
  /// A post from a data file; `views` may be missing (0).
  init(_ object: JSONObject) throws(PostsDataError) {
    guard let id = object["id"]?.integer else {
      throw PostsDataError("a post needs an integer 'id'")
    }
    let fields = RecordFields(object, kind: "post", id: id)
    let (title, body, tags) = (
      try fields.string("title"), try fields.string("body"), try fields.strings("tags")
    )
    guard case .object(let reactions)? = object["reactions"] else {
      throw PostsDataError("post \(id): 'reactions' must be an object with likes and dislikes")
    }
    let counts = RecordFields(reactions, kind: "post", id: id)
    self.init(
      id: id, title: title, body: body, tags: tags,
      reactions: Reactions(
        likes: try counts.integer("likes"), dislikes: try counts.integer("dislikes")),
      views: try fields.integer("views", default: 0), userId: try fields.integer("userId"))
  }
}

extension Comment {
  /// A comment from a data file; `likes` may be missing (0).
  init(_ object: JSONObject) throws(PostsDataError) {
    guard let id = object["id"]?.integer else {
      throw PostsDataError("a comment needs an integer 'id'")
    }
    let fields = RecordFields(object, kind: "comment", id: id)
    guard case .object(let user)? = object["user"] else {
      throw PostsDataError("comment \(id): 'user' must be an object")
    }
    let author = RecordFields(user, kind: "comment", id: id)
    self.init(
      id: id, body: try fields.string("body"), postId: try fields.integer("postId"),
      likes: try fields.integer("likes", default: 0),
      user: Author(
        id: try author.integer("id"), username: try author.string("username"),
        fullName: try author.string("fullName", default: "")))
  }
}

/// Typed reads of a data file record's fields, with errors that name the record.
private struct RecordFields {
  let object: JSONObject
  let kind: String
  let id: Int

  init(_ object: JSONObject, kind: String, id: Int) {
    self.object = object
    self.kind = kind
    self.id = id
  }

  func string(_ name: String, default fallback: String? = nil) throws(PostsDataError) -> String {
    if let text = object[name]?.string { return text }
    if object[name] == nil, let fallback { return fallback }
    throw problem(name, "a string")
  }

  func integer(_ name: String, default fallback: Int? = nil) throws(PostsDataError) -> Int {
    if let value = object[name]?.integer { return value }
    if object[name] == nil, let fallback { return fallback }
    throw problem(name, "an integer")
  }

  func strings(_ name: String) throws(PostsDataError) -> [String] {
    guard case .array(let items)? = object[name] else { throw problem(name, "an array of strings") }
    var strings: [String] = []
    for item in items {
      guard case .string(let text) = item else { throw problem(name, "an array of strings") }
      strings.append(text)
    }
    return strings
  }

  private func problem(_ name: String, _ expected: String) -> PostsDataError {
    PostsDataError("\(kind) \(id): '\(name)' must be \(expected)")
  }
}
