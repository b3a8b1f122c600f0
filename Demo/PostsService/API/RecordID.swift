import TetherJSON

/// An id as a client sends it (a path segment, or a JSON value in a body), checked the way
/// dummyjson's `verifyPostHandler` and `verifyUserHandler` check it: missing is 400 ("Post id is
/// required"), not a number is 400 ("Invalid post id 'abc'"), a number no record has is 404
/// ("Post with id '7.5' not found").
struct RecordID {
  /// `post`, `user`: the word the messages use.
  let kind: String
  let text: String

  init(_ kind: String, _ text: String) {
    self.kind = kind
    self.text = text
  }

  /// An id sent in a JSON body, where `null`, `0` and `""` count as missing, as in JavaScript.
  init(_ kind: String, _ value: JSONValue?) throws(APIError) {
    guard let value, !value.isFalsy else {
      throw .badRequest("\(kind.prefix(1).uppercased() + kind.dropFirst()) id is required")
    }
    self.init(kind, JavaScript.string(value))
  }

  /// The integer id, after the checks; throws 400 for text that is not a number, and 404 for a
  /// number that cannot be an existing id (`7.5`, `07`).
  func integer() throws(APIError) -> Int {
    guard JavaScript.isNumeric(text) else { throw .badRequest("Invalid \(kind) id '\(text)'") }
    guard let id = Int(text), String(id) == text else { throw notFound }
    return id
  }

  /// The record `find` gives for the id; throws 400 or 404 as dummyjson does.
  func resolve<Found>(_ find: (Int) -> Found?) throws(APIError) -> Found {
    guard let found = find(try integer()) else { throw notFound }
    return found
  }

  var notFound: APIError {
    .notFound("\(kind.prefix(1).uppercased() + kind.dropFirst()) with id '\(text)' not found")
  }
}
