import Foundation
import Testing

@testable import TetherHTTP

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Multipart bodies")
struct MultipartFormTests {
  @Test("fields and files are written between boundaries, and the length is exact")
  func encoding() throws {
    let file = try TemporaryFile(Data("file bytes".utf8))
    defer { file.remove() }
    var form = MultipartForm(boundary: "XyZ")
    form.append("title", value: "Hello")
    form.append("note", data: Data([0, 1, 2]), filename: "n.bin")
    form.append("photo", file: file.url, contentType: "image/jpeg")
    let expected =
      "--XyZ\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nHello\r\n"
      + "--XyZ\r\nContent-Disposition: form-data; name=\"note\"; filename=\"n.bin\"\r\n"
      + "Content-Type: application/octet-stream\r\n\r\n\u{0}\u{1}\u{2}\r\n"
      + "--XyZ\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"\(file.url.lastPathComponent)\"\r\n"
      + "Content-Type: image/jpeg\r\n\r\nfile bytes\r\n--XyZ--\r\n"
    #expect(String(decoding: try form.encoded(), as: UTF8.self) == expected)
    #expect(try form.contentLength() == expected.utf8.count)
    #expect(form.contentType == "multipart/form-data; boundary=XyZ")
  }

  @Test("quotes and line breaks in names cannot end a header; content types lose line breaks")
  func escaping() throws {
    var form = MultipartForm(boundary: "b")
    form.append(
      "a\"b\r\nX-Evil: 1", data: Data(), filename: "x\".txt", contentType: "text/plain\r\nX: y")
    let text = String(decoding: try form.encoded(), as: UTF8.self)
    #expect(text.contains("name=\"a%22b%0D%0AX-Evil: 1\"; filename=\"x%22.txt\"\r\n"))
    #expect(text.contains("Content-Type: text/plainX: y\r\n"))
  }

  @Test("the request streams the form, with its Content-Type and Content-Length")
  func request() throws {
    let file = try TemporaryFile(Data(repeating: 7, count: 300_000))
    defer { file.remove() }
    var form = MultipartForm(boundary: "B")
    form.append("file", file: file.url)
    let client = APIClient(baseURL: URL(string: "http://example.com")!)
    let request = try client.urlRequest(
      for: Endpoint<Void>(.post, "uploads", body: .multipart(form)))
    #expect(request.httpBody == nil)
    #expect(request.value(forHTTPHeaderField: "Content-Type") == "multipart/form-data; boundary=B")
    #expect(request.value(forHTTPHeaderField: "Content-Length") == String(try form.contentLength()))
    let stream = try #require(request.httpBodyStream)
    stream.open()
    var read = Data()
    var buffer = [UInt8](repeating: 0, count: 10_000)
    while true {
      let count = stream.read(&buffer, maxLength: buffer.count)
      if count <= 0 { break }
      read.append(contentsOf: buffer[..<count])
    }
    stream.close()
    #expect(read == (try form.encoded()))
  }

  @Test("a missing file is an invalid request that names it")
  func missingFile() {
    var form = MultipartForm()
    form.append("file", file: URL(fileURLWithPath: "/nonexistent/tether-upload"))
    let client = APIClient(baseURL: URL(string: "http://example.com")!)
    #expect {
      try client.urlRequest(for: Endpoint<Void>(.post, "uploads", body: .multipart(form)))
    } throws: { error in
      (error as? HTTPError)?.description
        == "The request is invalid: the file /nonexistent/tether-upload cannot be read: No such file or directory."
    }
  }

  @Test("a file that shrinks while it is sent fails the read with a clear error")
  func shrinkingFile() throws {
    let file = try TemporaryFile(Data(repeating: 1, count: 1000))
    defer { file.remove() }
    var form = MultipartForm(boundary: "b")
    form.append("f", file: file.url)
    let reader = MultipartReader(try form.segments())
    truncate(file.url.path, 10)
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    defer { buffer.deallocate() }
    #expect {
      while try reader.read(into: buffer) > 0 {}
    } throws: { error in
      "\(error)".contains("shrank while it was being sent")
    }
  }
}

/// A file in the temporary folder, removed by the test.
struct TemporaryFile {
  let url: URL

  init(_ contents: Data) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tether-\(UUID().uuidString).bin")
    try contents.write(to: url)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}
