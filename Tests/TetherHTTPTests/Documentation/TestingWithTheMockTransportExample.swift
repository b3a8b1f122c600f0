// Mirrors a Swift block of Sources/TetherHTTP/TetherHTTP.docc/TestingWithTheMockTransport.md as written; DocumentationTests checks it.

import Foundation
import Testing
import TetherCore
import TetherHTTP

struct Article: Codable, Equatable, Sendable {
  var id: Int
  var title: String
}

@Test func aSlowAnswerArrivesWhenTheTestClockSaysSo() async throws {
  let article = Article(id: 1, title: "Hello")
  let clock = TestClock()
  let transport = MockTransport(clock: clock)
  transport.respond(to: .get, "/articles/1", with: try .json(article, delay: .seconds(2)))
  let api = APIClient(baseURL: URL(string: "http://test")!, transport: transport, clock: clock)
  let fetch = Task { try await api.send(Endpoint<Article>(.get, "articles/1")) }
  await clock.waitForSleepers(dueBy: clock.now().adding(.seconds(2)))
  clock.advance(by: .seconds(2))  // the response arrives; nobody waited
  #expect(try await fetch.value == article)
  #expect(transport.requests.count == 1)
}
