/// `POST /uploads`: a `multipart/form-data` body, answered with what arrived — each part's
/// name, file name, content type and size, and the total — and stored nowhere.
///
/// A body without a boundary, a part without a name, or bytes after the closing boundary are
/// 400; the body's size is capped by the connection as every body's is.
struct UploadRoute {
  func respond(to request: HTTPRequest) throws(APIError) -> HTTPResponse {
    guard let contentType = request.header("content-type"),
      let boundary = MultipartParser.boundary(fromContentType: contentType)
    else {
      throw .badRequest("The body must be multipart/form-data with a boundary")
    }
    let parts: [MultipartParser.Part]
    do {
      parts = try MultipartParser(boundary: boundary).parts(of: request.body)
    } catch {
      throw .badRequest("Invalid multipart body: \(error.reason)")
    }
    return HTTPResponse(status: 201) { json in
      json.object { json in
        json.key("parts")
        json.array { json in
          for part in parts {
            json.object { json in
              json.field("name", part.name)
              if let filename = part.filename { json.field("filename", filename) }
              if let contentType = part.contentType { json.field("contentType", contentType) }
              json.field("size", part.body.count)
              if part.filename == nil, let text = String(validating: part.body, as: UTF8.self) {
                json.field("value", text)
              }
            }
          }
        }
        json.field("size", request.body.count)
      }
    }
  }
}
