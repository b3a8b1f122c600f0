/// A file or folder whose permissions let other users in, and were tightened: said once to the
/// user (`/home/u/.cache/tether/posts.sqlite was readable by other users (0644); it is now
/// 0600`).
public struct ModeChange: Sendable, Equatable, CustomStringConvertible {
  public var path: String
  /// The permission bits it had (`0o644`).
  public var previous: UInt32
  /// The permission bits it has now: the owner's alone (`0o600`, `0o700` for a folder).
  public var current: UInt32

  /// A file or folder whose mode was tightened from `previous` to `current`.
  public init(path: String, previous: UInt32, current: UInt32) {
    self.path = path
    self.previous = previous
    self.current = current
  }

  public var description: String {
    let who = previous & 0o007 != 0 ? "other users" : "its group"
    return "\(path) was open to \(who) (\(Self.octal(previous))); it is now \(Self.octal(current))"
  }

  /// `0644`.
  static func octal(_ mode: UInt32) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
