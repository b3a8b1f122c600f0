// Mirrors a Swift block of Sources/TetherHTTP/TetherHTTP.docc/MultipartBodies.md as written; DocumentationTests checks it.

import Foundation
import TetherHTTP

/// A namespace, so that the block's declarations are not the tests' own.
enum MultipartBodiesExample {
  struct Uploaded: Decodable, Sendable {
    struct Part: Decodable, Sendable {
      var name: String
      var size: Int
    }
    var parts: [Part]
  }

  func upload(photo: URL, caption: String, with api: APIClient) async throws -> Uploaded {
    var form = MultipartForm()
    form.append("caption", value: caption)
    form.append("photo", file: photo, filename: "photo.jpg", contentType: "image/jpeg")
    return try await api.send(Endpoint<Uploaded>(.post, "uploads", body: .multipart(form)))
  }
}
