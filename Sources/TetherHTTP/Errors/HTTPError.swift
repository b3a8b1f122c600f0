import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Everything that can go wrong sending an ``Endpoint``, in words a user can read.
///
/// ```swift
/// do {
///   let post = try await client.send(Endpoint<Post>(.get, "posts/999"))
/// } catch .unacceptableStatus(let failure) where failure.statusCode == 404 {
///   print(failure.clientError(as: APIMessage.self)?.message ?? "not found")
/// } catch {
///   print(error)   // "The server answered 503 Service Unavailable: …"
/// }
/// ```
public enum HTTPError: Error, Sendable, CustomStringConvertible {
  /// The request could not be built: a bad URL, a body that does not encode, missing
  /// credentials.
  case invalidRequest(String)
  /// The request did not complete: no connection, a lost connection, a bad server response.
  case transportFailed(URLError)
  /// The server answered with a status the endpoint does not accept.
  case unacceptableStatus(StatusFailure)
  /// The body could not be read as the endpoint's response type.
  case decodingFailed(DecodingFailure)
  /// The response body grew past the largest size the endpoint accepts (`limit` bytes); it was
  /// refused while it was being received.
  case responseTooLarge(limit: Int)
  /// One event of a streamed response (a server-sent event, a JSON line) grew past the
  /// largest size its ``StreamEndpoint`` accepts (`limit` bytes); the stream was stopped.
  case eventTooLarge(limit: Int)
  /// A streamed query's connection stopped — the server ended the stream, or a failure came
  /// after events arrived or after the server set a reconnection delay with `retry:` — and
  /// the store's retry policy reopens it (see ``StreamInterruption``).
  indirect case streamInterrupted(StreamInterruption)
  /// The request took longer than its timeout.
  case timedOut(after: Duration)
  /// The task sending the request was cancelled.
  case cancelled

  public var description: String {
    switch self {
    case .invalidRequest(let reason):
      "The request is invalid: \(reason)."
    case .transportFailed(let error):
      "The request failed: \(error.readableDescription) (\(error.codes))."
    case .responseTooLarge(let limit):
      "The response is larger than \(ByteCount.readable(limit)), the most this request accepts."
    case .eventTooLarge(let limit):
      "An event of the stream is larger than \(ByteCount.readable(limit)), the most it accepts."
    case .unacceptableStatus(let failure):
      failure.description
    case .decodingFailed(let failure):
      failure.description
    case .streamInterrupted(let interruption):
      interruption.description
    case .timedOut(let duration):
      "The request timed out after \(duration.readableDescription)."
    case .cancelled:
      "The request was cancelled."
    }
  }

  /// The HTTP status code, for an unacceptable status.
  public var statusCode: Int? {
    switch self {
    case .unacceptableStatus(let failure): failure.statusCode
    case .streamInterrupted(let interruption): interruption.cause?.statusCode
    default: nil
    }
  }

  /// Wraps what a transport or interceptor threw, keeping an `HTTPError` as it is.
  ///
  /// `timeout` is the request's timeout, reported by a ``timedOut(after:)``.
  init(wrapping error: any Error, timeout: Duration) {
    switch error {
    case let error as HTTPError:
      self = error
    case is CancellationError:
      self = .cancelled
    case let error as URLError where error.code == .cancelled:
      self = .cancelled
    case let error as URLError where error.code == .timedOut:
      self = .timedOut(after: timeout)
    case let error as URLError:
      self = .transportFailed(error)
    default:
      self = .transportFailed(
        URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "\(error)"]))
    }
  }
}

extension URLError {
  /// The libcurl error code (`CURLcode`) behind this error, when ``CurlTransport`` sent the
  /// request: 7 for a refused connection, 28 for a timeout, 60 for an untrusted certificate.
  public var curlCode: Int? { userInfo[Self.curlCodeKey] as? Int }

  /// libcurl's own message for the failure, when ``CurlTransport`` sent the request.
  public var curlMessage: String? { userInfo[Self.curlMessageKey] as? String }

  static let curlCodeKey = "TetherCurlCode"
  static let curlMessageKey = "TetherCurlMessage"

  /// `URLError -1004` or `URLError -1004, libcurl 7: Failed to connect to … port 1`.
  var codes: String {
    guard let curlCode else { return "URLError \(code.rawValue)" }
    let message = curlMessage.map { ": " + TextExcerpt.sanitized($0) } ?? ""
    return "URLError \(code.rawValue), libcurl \(curlCode)\(message)"
  }

  /// A short, human explanation of the common codes.
  var readableDescription: String {
    switch code {
    case .cannotConnectToHost: "could not connect to the server"
    case .cannotFindHost, .dnsLookupFailed: "the server's host name could not be found"
    case .networkConnectionLost: "the connection was lost"
    case .notConnectedToInternet: "the computer is not connected to the internet"
    case .badServerResponse: "the server sent a response that could not be read"
    case .badURL, .unsupportedURL: "the URL is not supported"
    case .secureConnectionFailed: "a secure connection could not be made"
    case .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid:
      "the server's certificate is not trusted"
    case .httpTooManyRedirects: "the server redirected too many times"
    case .cannotDecodeContentData, .cannotDecodeRawData:
      "the response's compressed body could not be decoded"
    case .timedOut: "the request timed out"
    case .cancelled: "the request was cancelled"
    default:
      (userInfo[NSLocalizedDescriptionKey] as? String) ?? "a network error occurred"
    }
  }
}

/// Byte counts for people: `512 bytes`, `64 KiB`, `32 MiB`, `1.5 MiB`.
enum ByteCount {
  static func readable(_ bytes: Int) -> String {
    let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
    for (size, unit) in units where bytes >= size {
      let value = Double(bytes) / Double(size)
      return value == value.rounded()
        ? "\(Int(value)) \(unit)" : String(format: "%.1f \(unit)", value)
    }
    return bytes == 1 ? "1 byte" : "\(bytes) bytes"
  }
}

extension Duration {
  /// `250 ms`, `2 s`, `1.5 s`.
  var readableDescription: String {
    let seconds = timeInterval
    if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
    if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
    return String(format: "%.1f s", seconds)
  }
}
