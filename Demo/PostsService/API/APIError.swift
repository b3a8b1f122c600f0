import TetherJSON

/// A request the API refuses: answered as `{"message": ...}` with `status`.
struct APIError: Error {
  var status: Int
  var message: String
  /// For 405: the methods the route does accept, sent as `Allow`.
  var allowedMethods: [String] = []

  static func badRequest(_ message: String) -> APIError {
    APIError(status: 400, message: message)
  }

  static func notFound(_ message: String) -> APIError {
    APIError(status: 404, message: message)
  }

  /// 413: a field longer than the service stores.
  static func tooLarge(_ field: String, limit: Int) -> APIError {
    APIError(status: 413, message: "'\(field)' is longer than \(limit) bytes")
  }

  /// 400 for a body that is not JSON, or nests too deep.
  static func invalidJSON(_ error: JSONError) -> APIError {
    .badRequest("Invalid JSON in the request body: \(error)")
  }

  var response: HTTPResponse {
    var response = HTTPResponse.message(message, status: status)
    if !allowedMethods.isEmpty {
      response.headers.append(("Allow", allowedMethods.joined(separator: ", ")))
    }
    return response
  }
}
