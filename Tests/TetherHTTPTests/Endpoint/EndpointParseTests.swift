import Foundation
import Testing

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Endpoint parsing")
struct EndpointParseTests {
  let response = HTTPURLResponse(
    url: baseURL, statusCode: 200, httpVersion: nil, headerFields: ["X-Total": "6"])!

  @Test("a JSON endpoint decodes with the client's decoder unless it has its own")
  func jsonDecoding() throws {
    let snake = JSONDecoder()
    snake.keyDecodingStrategy = .convertFromSnakeCase
    let body = Data(#"{"id": 1, "title": "Hi", "user_id": 7}"#.utf8)
    let usesClient = Endpoint<Post>(.get, "posts/1")
    #expect(try usesClient.parse(body, response, decoder: snake).userId == 7)

    let ownDecoder = Endpoint<Post>(.get, "posts/1", decoder: JSONDecoder())
    #expect(throws: DecodingError.self) { try ownDecoder.parse(body, response, decoder: snake) }
  }

  @Test("an empty-response endpoint ignores the body")
  func emptyResponse() throws {
    let endpoint = Endpoint<Void>(.delete, "posts/1")
    try endpoint.parse(Data("not json".utf8), response, decoder: JSONDecoder())
  }

  @Test("a custom parse function reads the body and the response")
  func customParse() throws {
    let endpoint = Endpoint<String>(.get, "readme") { data, response in
      String(decoding: data, as: UTF8.self) + " of "
        + (response.value(forHTTPHeaderField: "X-Total") ?? "?")
    }
    #expect(try endpoint.parse(Data("1".utf8), response, decoder: JSONDecoder()) == "1 of 6")
  }

  @Test("map transforms the parsed response and keeps the request")
  func map() throws {
    let page = Endpoint<PostsPage>(.get, "posts", query: [URLQueryItem(name: "limit", value: "2")])
    let titles = page.map { $0.posts.map(\.title) }
    #expect(titles.description == page.description)
    #expect(
      try titles.parse(json(postsPage()), response, decoder: JSONDecoder()) == ["Post 1", "Post 2"])
  }
}
