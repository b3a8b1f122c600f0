import Foundation

/// Reads a `Retry-After` header: a number of seconds, or an HTTP date (RFC 9110 IMF-fixdate, and
/// the obsolete RFC 850 and asctime forms recipients must accept).
enum RetryAfter {
  /// The delay `value` asks for, measured from `now` for a date; `nil` when it is neither form.
  /// A date in the past gives zero.
  static func delay(from value: String, now: Date) -> Duration? {
    // asctime pads single-digit days with a second space; one space matches every form.
    let trimmed = value.split(separator: " ", omittingEmptySubsequences: true).joined(
      separator: " ")
    if let seconds = Int(trimmed) {
      return seconds >= 0 ? .seconds(seconds) : nil
    }
    for format in formats {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "en_US_POSIX")
      formatter.timeZone = TimeZone(identifier: "GMT")
      formatter.dateFormat = format
      if let date = formatter.date(from: trimmed) {
        return max(.zero, date.duration(since: now))
      }
    }
    return nil
  }

  private static let formats = [
    "EEE, dd MMM yyyy HH:mm:ss zzz",  // Sun, 06 Nov 1994 08:49:37 GMT
    "EEEE, dd-MMM-yy HH:mm:ss zzz",  // Sunday, 06-Nov-94 08:49:37 GMT
    "EEE MMM d HH:mm:ss yyyy",  // Sun Nov  6 08:49:37 1994
  ]
}
