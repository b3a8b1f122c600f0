import Foundation
import PostsService
import Testing

@Suite("User routes")
struct UserRoutesTests {
  @Test func listWithPaginationSelectAndSort() async throws {
    try await withServer { _, client in
      let page = try await client.get("/users?limit=3&skip=1&select=firstName,age").object()
      #expect(page["total"] as? Int == 100)
      #expect(page["limit"] as? Int == 3)
      let users = try #require(page["users"] as? [[String: Any]])
      #expect(users.map { $0["id"] as? Int } == [2, 3, 4])
      #expect(users.allSatisfy { Set($0.keys) == ["id", "firstName", "age"] })

      let oldest = try await client.get("/users?sortBy=age&order=desc&limit=0&select=age").object()
      let ages = try #require(oldest["users"] as? [[String: Any]]).compactMap { $0["age"] as? Int }
      #expect(ages.count == 100 && ages == ages.sorted(by: >))
    }
  }

  @Test func searchMatchesNamesEmailAndUsername() async throws {
    try await withServer { _, client in
      let all = try await client.get("/users?limit=0").decode(UserListShape.self).users
      let name = try #require(all.first { $0.firstName.allSatisfy { $0.isASCII && $0.isLetter } })
        .firstName
      let found = try await client.get("/users/search?q=%20\(name.uppercased())&limit=0").decode(
        UserListShape.self)
      #expect(!found.users.isEmpty)
      #expect(
        found.users.allSatisfy {
          [$0.firstName, $0.lastName, $0.email, $0.username].contains {
            $0.lowercased().contains(name.lowercased())
          }
        })
      #expect(found.users.count == all.filter { $0.firstName == name }.count)
      let byUsername = try await client.get("/users/search?q=\(all[5].username)").decode(
        UserListShape.self)
      #expect(byUsername.users.map(\.id).contains(all[5].id))
    }
  }

  @Test func oneUserWithSelectAndItsErrors() async throws {
    try await withServer { _, client in
      let user = try await client.get("/users/7").decode(UserShape.self)
      #expect(user.id == 7)
      let selected = try await client.get("/users/7?select=email,nonsense")
      #expect(selected.text.wholeMatch(of: /\{"id":7,"email":"[^"]+"\}/) != nil)

      let invalid = try await client.get("/users/abc")
      #expect(invalid.status == 400)
      #expect(invalid.message == "Invalid user id 'abc'")
      #expect(try await client.get("/users/1000").status == 404)
      // Users are read-only.
      #expect(try await client.send("DELETE", "/users/7").status == 405)
    }
  }
}

struct UserListShape: Decodable {
  var users: [UserShape]
  var total: Int
  var skip: Int
  var limit: Int
}
