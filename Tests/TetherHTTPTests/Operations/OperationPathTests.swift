import Foundation
import Testing
import TetherCore

@testable import TetherHTTP

@Suite("Endpoint operation paths")
struct OperationPathTests {
  @Test("method, path segments, then query items in order")
  func derived() {
    #expect(Endpoint<Post>(.get, "posts/1").operationPath == ["GET", "posts", "1"])
    let search = Endpoint<PostsPage>(
      .get, "/posts/search/",
      query: [
        URLQueryItem(name: "q", value: "love"), URLQueryItem(name: "tag", value: "a"),
        URLQueryItem(name: "tag", value: "b"), URLQueryItem(name: "debug", value: nil),
      ])
    #expect(
      search.operationPath == ["GET", "posts", "search", "q=love", "tag=a", "tag=b", "debug"])
    #expect(Endpoint<Void>(.delete, "posts/1").operationPath == ["DELETE", "posts", "1"])
  }

  @Test("a full URL contributes its host, path and query")
  func fullURL() {
    let endpoint = Endpoint<Void>(
      .get, .url(URL(string: "https://cdn.example.org/files/list?sort=asc")!),
      query: [URLQueryItem(name: "page", value: "2")])
    #expect(
      endpoint.operationPath == ["GET", "cdn.example.org", "files", "list", "sort=asc", "page=2"])
  }

  @Test("paths of one resource share a prefix")
  func prefixes() {
    let posts: OperationPath = ["GET", "posts"]
    #expect(Endpoint<Post>(.get, "posts/1").operationPath.hasPrefix(posts))
    #expect(Endpoint<Post>(.get, "users/1").operationPath.hasPrefix(posts) == false)
  }
}
