/// The JSON shapes of dummyjson, decoded strictly: a missing field or a wrong type fails.
struct PostShape: Decodable, Equatable {
  struct Reactions: Decodable, Equatable {
    var likes: Int
    var dislikes: Int
  }

  var id: Int
  var title: String
  var body: String
  var tags: [String]
  var reactions: Reactions
  var views: Int
  var userId: Int
}

struct PostListShape: Decodable {
  var posts: [PostShape]
  var total: Int
  var skip: Int
  var limit: Int
}

struct CommentListShape: Decodable {
  struct Comment: Decodable {
    struct User: Decodable {
      var id: Int
      var username: String
      var fullName: String
    }

    var id: Int
    var body: String
    var postId: Int
    var likes: Int
    var user: User
  }

  var comments: [Comment]
  var total: Int
  var skip: Int
  var limit: Int
}

struct UserShape: Decodable {
  var id: Int
  var firstName: String
  var lastName: String
  var maidenName: String
  var age: Int
  var email: String
  var username: String
  var image: String
}

/// The keys of a post object, in dummyjson's order.
let postKeys: Set<String> = ["id", "title", "body", "tags", "reactions", "views", "userId"]
