import TetherJSON

/// A user: whatever fields the data gives (dummyjson's users have dozens, nested), in their
/// order, with the few the API reads itself (for search, comments and posts) at hand.
struct User: Record, Equatable {
  let id: Int
  let firstName: String
  let lastName: String
  let email: String
  let username: String
  /// Every field, `id` included, in order.
  let fields: JSONObject

  var fullName: String { "\(firstName) \(lastName)" }

  /// A user from a JSON object; throws unless `id` is an integer and the names, e-mail and
  /// username are strings.
  init(_ fields: JSONObject) throws(PostsDataError) {
    guard let id = fields["id"]?.integer else {
      throw PostsDataError("a user needs an integer 'id'")
    }
    func text(_ name: String) throws(PostsDataError) -> String {
      switch fields[name] {
      case nil: return ""
      case .string(let text)?: return text
      case let value?:
        throw PostsDataError("user \(id): '\(name)' must be a string, not \(value.typeDescription)")
      }
    }
    self.id = id
    firstName = try text("firstName")
    lastName = try text("lastName")
    email = try text("email")
    username = try text("username")
    self.fields = fields
  }

  /// A generated user: `id`, the names, `extraFields`, `email`, `username`, then `laterFields`.
  init(
    id: Int, firstName: String, lastName: String, email: String, username: String,
    extraFields: [(String, JSONValue)], laterFields: [(String, JSONValue)]
  ) {
    self.id = id
    self.firstName = firstName
    self.lastName = lastName
    self.email = email
    self.username = username
    fields = JSONObject(
      [
        ("id", .number(JSONNumber(id))), ("firstName", .string(firstName)),
        ("lastName", .string(lastName)),
      ]
        + extraFields + [("email", .string(email)), ("username", .string(username))] + laterFields)
  }

  func value(of name: String) -> JSONValue? {
    fields[name]
  }

  func writeFields(to json: inout JSONWriter) {
    for member in fields { json.field(member.key, member.value) }
  }
}
