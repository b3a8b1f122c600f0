// Mirrors a Swift block of Sources/TetherHTTP/TetherHTTP.docc/TransportsAndDeadlines.md as written; DocumentationTests checks it.

import Foundation
import TetherHTTP

func transportsAndDeadlinesExample() async throws {
  struct PostsPage: Decodable, Sendable { var total: Int }

  var api = APIClient(baseURL: URL(string: "https://dummyjson.com")!)  // CurlTransport.shared
  api.defaults.timeouts = HTTPTimeouts(connect: .seconds(3), idle: .seconds(5), total: .seconds(8))
  api.defaults.maximumResponseSize = 8 << 20  // refused while it arrives: responseTooLarge
  api.defaults.jsonLimits = JSONLimits(maximumDepth: 64)

  var search = Endpoint<PostsPage>(.get, "posts/search")
  search.timeout = .seconds(3)  // this endpoint's total deadline
  search.maximumResponseSize = 1 << 20

  print(try await api.send(search).total)
  api.transport = URLSessionTransport()  // Foundation's, instead of libcurl
}
