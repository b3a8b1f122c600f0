import Foundation
import Testing
import TetherHTTP

@testable import PostsService

@Suite("Upload route")
struct UploadRouteTests {
  struct Uploaded: Decodable, Equatable {
    struct Part: Decodable, Equatable {
      var name: String
      var filename: String?
      var contentType: String?
      var size: Int
      var value: String?
    }
    var parts: [Part]
    var size: Int
  }

  @Test("a multipart upload through libcurl and URLSession arrives whole, file streamed from disk")
  func uploadThroughTransports() async throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tether-upload-\(UUID().uuidString).bin")
    try Data((0..<400_000).map { UInt8($0 % 251) }).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var form = MultipartForm()
    form.append("caption", value: "Beach, \"day\" 1")
    form.append("photo", file: url, filename: "beach.jpg", contentType: "image/jpeg")
    let length = try form.contentLength()
    try await withServer { server, _ in
      for transport in [CurlTransport.shared, URLSessionTransport()] as [any HTTPTransport] {
        let api = server.api(transport: transport)
        let answer = try await api.send(
          Endpoint<Uploaded>(.post, "uploads", body: .multipart(form)))
        #expect(
          answer
            == Uploaded(
              parts: [
                .init(name: "caption", size: 14, value: "Beach, \"day\" 1"),
                .init(
                  name: "photo", filename: "beach.jpg", contentType: "image/jpeg", size: 400_000),
              ], size: length), "\(type(of: transport))")
      }
    }
  }

  @Test("a body that is not multipart, or is cut short, is 400")
  func badBodies() async throws {
    try await withServer { _, client in
      let plain = try await client.send("POST", "/uploads", json: "x")
      #expect(plain.status == 400)
      #expect(plain.message == "The body must be multipart/form-data with a boundary")
      let cut = try await client.send(
        "POST", "/uploads", json: "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nxx",
        headers: ["Content-Type": "multipart/form-data; boundary=b"])
      #expect(cut.status == 400)
      #expect(cut.message == "Invalid multipart body: the body ends without a closing boundary")
    }
  }
}
