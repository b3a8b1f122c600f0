import Foundation
import Testing

@testable import TetherHTTP

@Suite("Endpoint headers and bodies")
struct EndpointRequestTests {
  @Test("endpoint headers win over the body's content type, which wins over defaults")
  func headerPrecedence() throws {
    let defaults = RequestDefaults(headers: [
      "Accept": "text/plain", "content-type": "text/plain", "X-Client": "tether",
    ])
    let endpoint = Endpoint<Void>(
      .post, "notes", headers: ["ACCEPT": "application/json"],
      body: .raw(Data("hi".utf8), contentType: "text/markdown"))
    let request = try endpoint.urlRequest(relativeTo: baseURL, defaults: defaults)
    #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
    #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/markdown")
    #expect(request.value(forHTTPHeaderField: "X-Client") == "tether")
    #expect(request.allHTTPHeaderFields?.count == 3)

    let explicit = Endpoint<Void>(
      .post, "notes", headers: ["Content-Type": "application/vnd.notes+json"],
      body: .json(["a": 1]))
    let overridden = try explicit.urlRequest(relativeTo: baseURL, defaults: defaults)
    #expect(overridden.value(forHTTPHeaderField: "Content-Type") == "application/vnd.notes+json")
  }

  @Test("a JSON body is encoded with the given encoder")
  func jsonBody() throws {
    struct NewPost: Encodable, Sendable {
      var title: String
      var userId: Int
    }
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    let endpoint = Endpoint<Post>(
      .post, "posts/add", body: .json(NewPost(title: "Hello", userId: 5)))
    let request = try endpoint.urlRequest(relativeTo: baseURL, encoder: encoder)
    #expect(request.httpMethod == "POST")
    #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    let object = try JSONSerialization.jsonObject(with: request.httpBody!) as? [String: Any]
    #expect(object?["title"] as? String == "Hello")
    #expect(object?["user_id"] as? Int == 5)
  }

  @Test("a form body is percent-encoded with its content type")
  func formBody() throws {
    let endpoint = Endpoint<Void>(
      .post, "login",
      body: .form([
        URLQueryItem(name: "user", value: "ann lee"),
        URLQueryItem(name: "password", value: "a&b+c=d"),
      ]))
    let request = try endpoint.urlRequest(relativeTo: baseURL)
    #expect(
      request.value(forHTTPHeaderField: "Content-Type")
        == "application/x-www-form-urlencoded; charset=utf-8")
    #expect(
      String(decoding: request.httpBody!, as: UTF8.self)
        == "user=ann%20lee&password=a%26b%2Bc%3Dd")
  }

  @Test("a body that fails to encode is an invalid request")
  func unencodableBody() {
    let endpoint = Endpoint<Void>(.put, "values", body: .json([Double.nan]))
    #expect {
      try endpoint.urlRequest(relativeTo: baseURL)
    } throws: { error in
      guard case .invalidRequest(let reason) = error as? HTTPError else { return false }
      return reason.contains("PUT values body could not be encoded")
    }
  }

  @Test("headers compare names case-insensitively and keep their order")
  func headersValue() {
    var headers: HTTPHeaders = ["Accept": "a", "X-One": "1"]
    headers["accept"] = "b"
    headers["X-Two"] = "2"
    headers["x-one"] = nil
    #expect(headers["ACCEPT"] == "b")
    #expect(headers.map(\.name) == ["Accept", "X-Two"])
    #expect(headers.merging(["x-two": "3"])["X-Two"] == "3")
    #expect(!headers.contains("X-One"))
  }
}
