import Glibc

/// Formats the current time for the `Date` header and for `deletedOn`.
///
/// Formatted by hand rather than with `strftime`, whose day and month names follow the process
/// locale (the embedding app may call `setlocale`), while HTTP dates must be English.
enum Timestamp {
  private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// `Sun, 06 Nov 1994 08:49:37 GMT`, the HTTP date format.
  static func httpDate() -> String {
    let time = utc(seconds: Glibc.time(nil))
    return "\(weekdays[Int(time.tm_wday)]), \(pad(time.tm_mday)) \(months[Int(time.tm_mon)]) "
      + "\(time.tm_year + 1900) \(pad(time.tm_hour)):\(pad(time.tm_min)):\(pad(time.tm_sec)) GMT"
  }

  /// `2024-05-01T12:34:56.789Z`.
  static func iso8601() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let time = utc(seconds: now.tv_sec)
    return "\(time.tm_year + 1900)-\(pad(time.tm_mon + 1))-\(pad(time.tm_mday))"
      + "T\(pad(time.tm_hour)):\(pad(time.tm_min)):\(pad(time.tm_sec))"
      + ".\(pad(Int32(now.tv_nsec / 1_000_000), width: 3))Z"
  }

  private static func utc(seconds: time_t) -> tm {
    var seconds = seconds
    var parts = tm()
    gmtime_r(&seconds, &parts)
    return parts
  }

  private static func pad(_ value: Int32, width: Int = 2) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
