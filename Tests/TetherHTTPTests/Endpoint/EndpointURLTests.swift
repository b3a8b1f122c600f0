import Foundation
import Testing

@testable import TetherHTTP

@Suite("Endpoint URL building")
struct EndpointURLTests {
  @Test(
    "base URL and path join with exactly one slash",
    arguments: [
      ("https://api.example.com/v1", "posts"),
      ("https://api.example.com/v1/", "posts"),
      ("https://api.example.com/v1", "/posts"),
      ("https://api.example.com/v1/", "/posts"),
    ])
  func joinsBaseAndPath(base: String, path: String) throws {
    let endpoint = Endpoint<Void>(.get, .path(path))
    let request = try endpoint.urlRequest(relativeTo: URL(string: base)!)
    #expect(request.url?.absoluteString == "https://api.example.com/v1/posts")
    #expect(request.httpMethod == "GET")
  }

  @Test("a base URL without a path gets the path at the root")
  func rootBase() throws {
    let request = try Endpoint<Void>(.get, "posts/1")
      .urlRequest(relativeTo: URL(string: "https://dummyjson.com")!)
    #expect(request.url?.absoluteString == "https://dummyjson.com/posts/1")
  }

  @Test("query values with spaces, &, +, = and unicode are percent-encoded")
  func encodesQueryValues() throws {
    let endpoint = Endpoint<Void>(
      .get, "search",
      query: [
        URLQueryItem(name: "q", value: "fish & chips"),
        URLQueryItem(name: "sum", value: "1+1=2"),
        URLQueryItem(name: "city", value: "Zürich 東京"),
        URLQueryItem(name: "flag", value: nil),
      ])
    let request = try endpoint.urlRequest(relativeTo: baseURL)
    #expect(
      request.url?.absoluteString
        == "https://api.example.com/v1/search?q=fish%20%26%20chips&sum=1%2B1%3D2"
        + "&city=Z%C3%BCrich%20%E6%9D%B1%E4%BA%AC&flag")
    let items = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems
    #expect(items?.first { $0.name == "sum" }?.value == "1+1=2")
    #expect(items?.first { $0.name == "city" }?.value == "Zürich 東京")
  }

  @Test("a repeated key keeps every value in order")
  func repeatedKeys() throws {
    let endpoint = Endpoint<Void>(
      .get, "posts",
      query: ["3", "1", "2"].map { URLQueryItem(name: "id", value: $0) })
    let request = try endpoint.urlRequest(relativeTo: baseURL)
    #expect(request.url?.query == "id=3&id=1&id=2")
  }

  @Test("a path with spaces is encoded; existing escapes are kept")
  func encodesPath() throws {
    let spaced = try Endpoint<Void>(.get, "tags/new york").urlRequest(relativeTo: baseURL)
    #expect(spaced.url?.path == "/v1/tags/new york")
    #expect(spaced.url?.absoluteString == "https://api.example.com/v1/tags/new%20york")
    let escaped = try Endpoint<Void>(.get, "tags/new%20york").urlRequest(relativeTo: baseURL)
    #expect(escaped.url?.absoluteString == "https://api.example.com/v1/tags/new%20york")
  }

  @Test("a lone % in a path is encoded; a base URL's own query comes first")
  func percentAndBaseQuery() throws {
    let percent = try Endpoint<Void>(.get, "discounts/100%").urlRequest(relativeTo: baseURL)
    #expect(percent.url?.absoluteString == "https://api.example.com/v1/discounts/100%25")

    let versioned = URL(string: "https://api.example.com/v1/?version=2#top")!
    let request = try Endpoint<Void>(
      .get, "posts", query: [URLQueryItem(name: "limit", value: "1")]
    ).urlRequest(relativeTo: versioned)
    #expect(request.url?.absoluteString == "https://api.example.com/v1/posts?version=2&limit=1")
  }

  @Test("a full URL ignores the base URL and keeps its own query")
  func fullURL() throws {
    let url = URL(string: "https://cdn.example.org/files/list?sort=asc")!
    let endpoint = Endpoint<Void>(
      .get, .url(url), query: [URLQueryItem(name: "page", value: "2")])
    let request = try endpoint.urlRequest(relativeTo: baseURL)
    #expect(request.url?.absoluteString == "https://cdn.example.org/files/list?sort=asc&page=2")
  }

  @Test("default query items come first, and an endpoint item of the same name replaces them")
  func defaultQueryItems() throws {
    let defaults = RequestDefaults(queryItems: [
      URLQueryItem(name: "api_key", value: "secret"),
      URLQueryItem(name: "limit", value: "30"),
    ])
    let endpoint = Endpoint<Void>(
      .get, "posts", query: [URLQueryItem(name: "limit", value: "10")])
    let request = try endpoint.urlRequest(relativeTo: baseURL, defaults: defaults)
    #expect(request.url?.query == "api_key=secret&limit=10")
  }

  @Test("an endpoint that cannot form a URL is an invalid request")
  func invalidURL() {
    let endpoint = Endpoint<Void>(.get, "posts")
    #expect {
      try endpoint.urlRequest(relativeTo: URL(string: "relative/base")!)
    } throws: { error in
      guard case .invalidRequest(let reason) = error as? HTTPError else { return false }
      return reason.contains("not a valid absolute URL")
    }
  }

  @Test("URLRequest's timeout is the idle timeout, cut to the endpoint's total")
  func timeout() throws {
    let defaults = RequestDefaults(timeouts: HTTPTimeouts(idle: .seconds(30), total: .seconds(60)))
    let own = try Endpoint<Void>(.get, "a", timeout: .milliseconds(1500))
      .urlRequest(relativeTo: baseURL, defaults: defaults)
    let inherited = try Endpoint<Void>(.get, "a").urlRequest(
      relativeTo: baseURL, defaults: defaults)
    #expect(own.timeoutInterval == 1.5)
    #expect(inherited.timeoutInterval == 30)
  }

  @Test("an endpoint's total timeout cuts the connect and idle timeouts")
  func timeoutsAreCut() {
    let timeouts = HTTPTimeouts(connect: .seconds(10), idle: .seconds(30), total: .seconds(60))
    #expect(
      timeouts.limited(toTotal: .seconds(5))
        == HTTPTimeouts(connect: .seconds(5), idle: .seconds(5), total: .seconds(5)))
    #expect(timeouts.limited(toTotal: nil) == timeouts)
  }

  @Test("the description shows method, target and query")
  func description() {
    let endpoint = Endpoint<Void>(
      .delete, "posts/1", query: [URLQueryItem(name: "hard", value: "yes")])
    #expect(endpoint.description == "DELETE posts/1?hard=yes")
  }
}
