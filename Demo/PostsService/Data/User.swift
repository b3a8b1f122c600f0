/// A user named by posts and comments; a subset of dummyjson's user fields.
struct User: Sendable, Equatable {
  var id: Int
  var firstName: String
  var lastName: String
  var maidenName: String
  var age: Int
  var gender: String
  var email: String
  var phone: String
  var username: String
  var birthDate: String
  var image: String

  var fullName: String { "\(firstName) \(lastName)" }

  func write(to json: inout JSONWriter) {
    json.object { json in
      json.field("id", id)
      json.field("firstName", firstName)
      json.field("lastName", lastName)
      json.field("maidenName", maidenName)
      json.field("age", age)
      json.field("gender", gender)
      json.field("email", email)
      json.field("phone", phone)
      json.field("username", username)
      json.field("birthDate", birthDate)
      json.field("image", image)
    }
  }
}
