import Foundation
import PostsService
import Testing

@Suite("Pagination, select and sort")
struct ListQueryTests {
  @Test func limitAndSkip() async throws {
    try await withServer { _, client in
      let page = try await client.get("/posts?limit=10&skip=20").decode(PostListShape.self)
      #expect(page.posts.map(\.id) == Array(21...30))
      #expect((page.total, page.skip, page.limit) == (251, 20, 10))
    }
  }

  @Test func limitZeroMeansAll() async throws {
    try await withServer { _, client in
      let all = try await client.get("/posts?limit=0").decode(PostListShape.self)
      #expect(all.posts.count == 251)
      #expect(all.limit == 251)
      #expect(all.posts.map(\.id) == Array(1...251))
    }
  }

  @Test func limitInTheResponseCountsWhatWasReturned() async throws {
    try await withServer { _, client in
      let tail = try await client.get("/posts?limit=30&skip=245").decode(PostListShape.self)
      #expect(tail.posts.map(\.id) == Array(246...251))
      #expect((tail.total, tail.skip, tail.limit) == (251, 245, 6))
    }
  }

  @Test func skipPastTheEndGivesAnEmptyPageWithTheSameTotal() async throws {
    try await withServer { _, client in
      for skip in [251, 300, 999_999_999] {
        let page = try await client.get("/posts?skip=\(skip)").decode(PostListShape.self)
        #expect(page.posts.isEmpty)
        #expect((page.total, page.skip, page.limit) == (251, skip, 0))
      }
    }
  }

  @Test(arguments: [
    "limit=-1", "skip=-5", "limit=ten", "skip=1.5", "limit=", "limit=%2B3",
    "limit=99999999999999999999999",
  ])
  func negativeOrNonNumericValuesAreRejected(query: String) async throws {
    try await withServer { _, client in
      let response = try await client.get("/posts?\(query)")
      #expect(response.status == 400)
      #expect(response.message?.contains("non-negative integer") == true)
    }
  }

  @Test func selectReturnsIDPlusTheNamedFields() async throws {
    try await withServer { _, client in
      let response = try await client.get("/posts?limit=3&select=title,reactions")
      let posts = try #require(try response.object()["posts"] as? [[String: Any]])
      #expect(posts.count == 3)
      for post in posts {
        #expect(Set(post.keys) == ["id", "title", "reactions"])
      }
      let single = try await client.get("/posts/5?select=views").object()
      #expect(Set(single.keys) == ["id", "views"])
      #expect(single["views"] is Int)

      // As on dummyjson: unknown names are left out, the asked order is kept with `id` first.
      let unknown = try await client.get("/posts?limit=1&select=title,nonsense")
      #expect(unknown.status == 200)
      #expect(unknown.text.hasPrefix(#"{"posts":[{"id":1,"title":""#))
      #expect(!unknown.text.contains("nonsense"))
      let ordered = try await client.get("/posts/5?select=views,id,title,views")
      #expect(ordered.text.wholeMatch(of: /\{"id":5,"views":\d+,"title":"[^"]*"\}/) != nil)
      #expect(try await client.get("/posts/5?select=").object().count == postKeys.count)
    }
  }

  @Test func sortByAndOrder() async throws {
    try await withServer { _, client in
      let byTitle = try await client.get("/posts?sortBy=title&order=asc&limit=0").decode(
        PostListShape.self)
      #expect(byTitle.posts.map(\.title) == byTitle.posts.map(\.title).sorted())
      #expect(byTitle.total == 251)

      let byViews = try await client.get("/posts?sortBy=views&order=desc&limit=5").decode(
        PostListShape.self)
      let all = try await client.get("/posts?limit=0").decode(PostListShape.self).posts
      #expect(byViews.posts.map(\.views) == Array(all.map(\.views).sorted(by: >).prefix(5)))

      let newestFirst = try await client.get("/posts?sortBy=id&order=DESC&limit=2").decode(
        PostListShape.self)
      #expect(newestFirst.posts.map(\.id) == [251, 250])
      // `order` only counts with `sortBy`, as on dummyjson.
      let unsorted = try await client.get("/posts?order=desc&limit=2").decode(PostListShape.self)
      #expect(unsorted.posts.map(\.id) == [1, 2])
      #expect(try await client.get("/posts?order=sideways").status == 200)

      let badOrder = try await client.get("/posts?sortBy=title&order=up")
      #expect(badOrder.status == 400)
      #expect(badOrder.message == "Invalid 'order' - should be either 'asc' or 'desc'")
    }
  }

  @Test(arguments: ["reactions", "nonsense"])
  func sortingByAFieldThatCannotBeComparedKeepsIDOrder(field: String) async throws {
    try await withServer { _, client in
      for order in ["asc", "desc"] {
        let page = try await client.get("/posts?sortBy=\(field)&order=\(order)&limit=0")
        #expect(page.status == 200)
        #expect(try page.decode(PostListShape.self).posts.map(\.id) == Array(1...251))
      }
    }
  }

  @Test func sortingIsStableBothWays() async throws {
    try await withServer { _, client in
      let all = try await client.get("/posts?limit=0").decode(PostListShape.self).posts
      for order in ["asc", "desc"] {
        let sorted = try await client.get("/posts?sortBy=userId&order=\(order)&limit=0").decode(
          PostListShape.self
        ).posts
        let expected = all.sorted {
          $0.userId != $1.userId ? (order == "asc") == ($0.userId < $1.userId) : $0.id < $1.id
        }
        #expect(sorted.map(\.id) == expected.map(\.id))
      }
    }
  }

  @Test func searchUsesTheSameEnvelopeAndParameters() async throws {
    try await withServer { _, client in
      let all = try await client.get("/posts/search?q=the&limit=0").decode(PostListShape.self)
      let page = try await client.get("/posts/search?q=the&limit=5&skip=5&select=title").object()
      #expect(page["total"] as? Int == all.total)
      #expect(page["skip"] as? Int == 5)
      #expect(page["limit"] as? Int == 5)
      let posts = try #require(page["posts"] as? [[String: Any]])
      #expect(posts.map { $0["id"] as? Int } == all.posts[5..<10].map(\.id))
    }
  }
}
