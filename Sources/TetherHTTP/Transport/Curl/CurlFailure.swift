import CCurl
import Foundation

/// libcurl's result codes in the words of `URLError`, keeping the code and curl's message.
enum CurlFailure {
  /// The error a transfer that ended with `code` throws.
  static func error(_ code: CURLcode, message: String, connected: Bool, limits: TransportLimits)
    -> any Error
  {
    switch code {
    case CURLE_OPERATION_TIMEDOUT:
      return HTTPError.timedOut(after: connected ? limits.idleTimeout : limits.connectTimeout)
    case CURLE_FILESIZE_EXCEEDED:
      return HTTPError.responseTooLarge(limit: limits.maximumResponseSize)
    default:
      let userInfo: [String: Any] = [
        URLError.curlCodeKey: Int(code.rawValue), URLError.curlMessageKey: message,
        NSLocalizedDescriptionKey: message,
      ]
      return URLError(urlErrorCode(code), userInfo: userInfo)
    }
  }

  private static func urlErrorCode(_ code: CURLcode) -> URLError.Code {
    switch code {
    case CURLE_UNSUPPORTED_PROTOCOL: .unsupportedURL
    case CURLE_URL_MALFORMAT: .badURL
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: .cannotFindHost
    case CURLE_COULDNT_CONNECT: .cannotConnectToHost
    case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM, CURLE_HTTP3:
      .badServerResponse
    case CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR:
      .networkConnectionLost
    case CURLE_TOO_MANY_REDIRECTS: .httpTooManyRedirects
    case CURLE_BAD_CONTENT_ENCODING: .cannotDecodeContentData
    case CURLE_PEER_FAILED_VERIFICATION: .serverCertificateUntrusted
    case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE,
      CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
      .secureConnectionFailed
    case CURLE_ABORTED_BY_CALLBACK: .cancelled
    default: .unknown
    }
  }
}
