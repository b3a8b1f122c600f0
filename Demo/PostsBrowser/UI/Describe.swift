import Foundation
import TetherCore
import TetherHTTP
import TetherTerminal

/// Words and numbers for people.
enum Describe {
  /// `3s`, `4m`, `2h` — an age, coarse on purpose.
  static func age(_ seconds: TimeInterval) -> String {
    let seconds = max(0, Int(seconds))
    switch seconds {
    case ..<60: return "\(seconds)s"
    case ..<3600: return "\(seconds / 60)m"
    default: return "\(seconds / 3600)h"
    }
  }

  /// `0 ms`, `300 ms`, `1.5 s`.
  static func latency(_ duration: Duration) -> String {
    let milliseconds = Int((duration.timeInterval * 1000).rounded())
    if milliseconds < 1000 { return "\(milliseconds) ms" }
    let seconds = duration.timeInterval
    return seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
  }

  /// `25%`.
  static func percentage(_ rate: Double) -> String {
    "\(Int((rate * 100).rounded()))%"
  }

  /// A short account of a failure, one line that fits a panel: the server's own message when
  /// it sent one (`503: Down for maintenance`), otherwise what happened in a few words
  /// (`the server answered 404`, `unreadable response: missing field posts`, `timed out
  /// after 10 s`). The full error stays in the devtools' store detail.
  static func failure(_ error: any Error) -> String {
    if let error = error as? OperationError<HTTPError> {
      return error.failure.map { failure($0) } ?? "cancelled"
    }
    guard let error = error as? HTTPError else { return String(describing: error) }
    switch error {
    case .unacceptableStatus(let failure):
      if let message = failure.clientError(as: ServerMessage.self)?.message {
        return "\(failure.statusCode): \(message)"
      }
      return "the server answered \(failure.statusCode)"
    case .decodingFailed(let failure):
      return "unreadable response: \(problem(in: failure))"
    case .timedOut(let duration):
      return "timed out after \(latency(duration))"
    case .responseTooLarge(let limit):
      return "the response is larger than \(limit >> 20) MiB"
    case .eventTooLarge(let limit):
      return "a streamed event is larger than \(limit >> 10) KiB"
    case .transportFailed(let urlError):
      return transportProblem(urlError)
    case .streamInterrupted(let interruption):
      return interruption.cause.map { failure($0) } ?? "the server ended the stream"
    case .cancelled:
      return "cancelled"
    case .invalidRequest(let reason):
      return "invalid request: \(reason)"
    }
  }

  /// What happened when `posts --url` tried `url`, as the one line it prints: `cannot reach
  /// http://…: could not connect to the server`, `the server answered 404 at /posts`,
  /// `http://… is not a posts API: missing field posts`, `http://… did not answer within 5 s`.
  static func probeFailure(_ error: HTTPError, at url: URL, path: String) -> String {
    let address = url.absoluteString
    let path = url.appendingPathComponent(path).path
    switch error {
    case .unacceptableStatus(let failure):
      var line = "the server answered \(failure.statusCode) at \(path)"
      if let message = failure.clientError(as: ServerMessage.self)?.message {
        line += ": " + Post.shown(message, limit: 200)
      }
      return line
    case .decodingFailed(let failure):
      return "\(address) is not a posts API: \(problem(in: failure))"
    case .responseTooLarge, .eventTooLarge:
      return "\(address) is not a posts API: \(failure(error))"
    case .timedOut(let duration):
      return "\(address) did not answer within \(latency(duration))"
    case .transportFailed(let urlError):
      return "cannot reach \(address): \(transportProblem(urlError))"
    case .cancelled, .invalidRequest, .streamInterrupted:
      return "cannot reach \(address): \(failure(error))"
    }
  }

  /// What is wrong with a body, in a few words: `missing field posts`, `posts[3].title is not
  /// a String`, `not JSON`, or the decoder's own first clause.
  static func problem(in failure: DecodingFailure) -> String {
    let path = failure.codingPath
    let reason = failure.reason
    if reason.hasPrefix("the key \"") { return "missing field \(path)" }
    if reason.hasPrefix("expected "), let type = reason.dropFirst(9).split(separator: ":").first {
      let expected = kind(of: type.replacingOccurrences(of: " but found null", with: ""))
      let place = path.isEmpty ? "the document" : path
      return reason.contains("but found null")
        ? "\(place) is null, not \(expected)" : "\(place) is not \(expected)"
    }
    if reason.contains("not valid JSON") || reason.contains("Unexpected end") {
      return "not valid JSON"
    }
    let first = reason.split(separator: ".", maxSplits: 1).first.map(String.init) ?? reason
    return TextLayout.truncate(first, toWidth: 80)
  }

  /// `a list`, `a string`, `a number`: a decoder's type name for people.
  static func kind(of typeName: String) -> String {
    if typeName.hasPrefix("Array") { return "a list" }
    if typeName.hasPrefix("Dictionary") { return "an object" }
    switch typeName {
    case "String": return "a string"
    case "Int", "Double", "Float", "UInt64", "Int64": return "a number"
    case "Bool": return "true or false"
    default: return "a \(typeName)"
    }
  }

  /// `could not connect to the server`, `the connection was lost`, …
  static func transportProblem(_ error: URLError) -> String {
    switch error.code {
    case .cannotConnectToHost: "could not connect to the server"
    case .cannotFindHost, .dnsLookupFailed: "the server's name was not found"
    case .networkConnectionLost: "the connection was lost"
    case .notConnectedToInternet: "not connected to the internet"
    case .badServerResponse: "the server sent something that is not HTTP"
    case .timedOut: "the server did not answer in time"
    case .secureConnectionFailed: "a secure connection could not be made"
    default: "network error \(error.code.rawValue)"
    }
  }

  /// "attempt 2 of 4 failed — retrying in 1.4 s · 503: Down", with the time left filled in by
  /// a countdown; the reason is cut to fit `width` columns, the countdown never.
  static func retry<Failure>(_ progress: RetryProgress<Failure>, width: Int) -> (String) -> String {
    let reason = failure(progress.lastFailure)
    return { timeLeft in
      let countdown =
        "attempt \(progress.failedAttemptsInSeries) of \(progress.attemptLimitInSeries) failed — retrying in"
        + " \(timeLeft)"
      let room = width - DisplayWidth.of(countdown) - 3
      guard room >= 8 else { return countdown }
      return countdown + " · " + TextLayout.truncate(reason, toWidth: room)
    }
  }

  /// "sending attempt 3 of 4 · 1 s · 503: Down": the retry was sent `since`, in whole seconds,
  /// with the failure before it cut to fit `width` columns.
  static func sending<Failure>(
    _ progress: RetryProgress<Failure>, since start: Date, at now: Date, width: Int
  ) -> String {
    let line =
      "sending attempt \(progress.failedAttemptsInSeries + 1) of \(progress.attemptLimitInSeries) · "
      + "\(Int(max(0, now.timeIntervalSince(start)))) s"
    let room = width - DisplayWidth.of(line) - 3
    guard room >= 8 else { return line }
    return line + " · " + TextLayout.truncate(failure(progress.lastFailure), toWidth: room)
  }

  /// `waiting for the server · 3 s`: how long the request in flight has waited, in whole
  /// seconds.
  static func waiting(since start: Date, at now: Date) -> String {
    "waiting for the server · \(Int(now.timeIntervalSince(start))) s"
  }

  /// `text` cut so that `text + suffix` fits `width` columns, keeping the suffix whole.
  static func fitting(_ text: String, suffix: String, width: Int) -> String {
    let suffixWidth = DisplayWidth.of(suffix)
    guard width > suffixWidth else { return TextLayout.truncate(suffix, toWidth: width) }
    return TextLayout.truncate(text, toWidth: width - suffixWidth) + suffix
  }

  /// How long ago `date` was, in the largest whole unit: `just now`, `45 s old`, `12 min
  /// old`, `2 h old`, `3 d old`.
  static func age(since date: Date, now: Date) -> String {
    let seconds = Int(now.timeIntervalSince(date))
    switch seconds {
    case ..<5: return "just now"
    case ..<60: return "\(seconds) s old"
    case ..<3600: return "\(seconds / 60) min old"
    case ..<86_400: return "\(seconds / 3600) h old"
    default: return "\(seconds / 86_400) d old"
    }
  }
}
