/// The read-only `/users` routes: the list, search (first name, last name, e-mail, username)
/// and one user, each with `select=`.
struct UserRoutes {
  let store: DataStore

  func respond(to route: Route, _ request: HTTPRequest) throws(APIError) -> HTTPResponse {
    switch route {
    case .users:
      return try ListQuery(request.query).response("users", listing: store.users)
    case .searchUsers:
      let needle = SearchText(request.query["q"])
      return try ListQuery(request.query).response(
        "users",
        listing: store.users.filter { user in
          [user.firstName, user.lastName, user.email, user.username].contains(where: needle.matches)
        })
    case .user(let id):
      let user = try RecordID("user", id).resolve { store.usersByID[$0] }
      let fields = ListQuery.selectedFields(in: request.query)
      return HTTPResponse { user.write(to: &$0, selecting: fields) }
    default:
      throw .notFound("Route not found")
    }
  }
}
