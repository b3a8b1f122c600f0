// Mirrors a Swift block of Sources/TetherHTTP/TetherHTTP.docc/MockedEndpoints.md as written;
// DocumentationTests checks it. MockedEndpointsArticleTests runs the article's examples.

import Foundation
import TetherHTTP

func mockedEndpointsExample2() async throws {
  let addPost = Endpoint<Void>(.post, "posts/add", body: .json(["title": "Hi"])).mocked {
    request in
    request.value(forHTTPHeaderField: "Authorization") == nil
      ? .text(#"{"message":"Authentication required"}"#, statusCode: 401)
      : MockResponse(statusCode: 201)
  }
  _ = addPost
}
