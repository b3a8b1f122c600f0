import Foundation
import TetherCore
import TetherHTTP

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

  /// A short account of a failure: the server's own message when it sent one.
  static func failure(_ error: any Error) -> String {
    if let error = error as? OperationError<HTTPError> {
      return error.failure.map { failure($0) } ?? "cancelled"
    }
    if let error = error as? HTTPError,
      case .unacceptableStatus(let failure) = error,
      let message = failure.clientError(as: ServerMessage.self)?.message
    {
      return "\(failure.statusCode): \(message)"
    }
    return String(describing: error)
  }

  /// "attempt 2 of 4 failed — retrying in 1.4 s", with the time left filled in later.
  static func retry<Failure>(_ progress: RetryProgress<Failure>) -> (String) -> String {
    { timeLeft in
      "attempt \(progress.failedAttempts) of \(progress.attemptLimit) failed — retrying in \(timeLeft)"
    }
  }
}
