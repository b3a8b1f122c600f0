import Foundation
import Testing
import TetherHTTP

// The Swift block of TetherHTTP's MultipartBodies.md, as written there, run against the service.

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

@Suite("MultipartBodies article")
struct MultipartArticleTests {
  @Test("the article's upload reaches the service's /uploads")
  func example() async throws {
    let photo = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tether-photo-\(UUID().uuidString).jpg")
    try Data(repeating: 9, count: 5000).write(to: photo)
    defer { try? FileManager.default.removeItem(at: photo) }
    try await withServer { server, _ in
      let uploaded = try await upload(
        photo: photo, caption: "Hi", with: server.api())
      #expect(uploaded.parts.map(\.name) == ["caption", "photo"])
      #expect(uploaded.parts.map(\.size) == [2, 5000])
    }
  }
}
