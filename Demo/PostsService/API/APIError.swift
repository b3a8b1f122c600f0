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

  var response: HTTPResponse {
    var response = HTTPResponse.message(message, status: status)
    if !allowedMethods.isEmpty {
      response.headers.append(("Allow", allowedMethods.joined(separator: ", ")))
    }
    return response
  }
}
