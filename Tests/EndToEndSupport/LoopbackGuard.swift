import TetherHTTP

extension HTTPTimeouts {
  /// The timeouts of loopback tests that are not about timeouts: guards against a hang, never
  /// measures. The library's defaults (total 60 s) run on real time from the start of a send,
  /// and a whole parallel run on two loaded cores, under the thread sanitizer, kept sends queued
  /// for a free thread past them: every loopback suite "timed out after 60 s" in that run while
  /// passing alone. A test about a timeout gives its own.
  public static let loopbackGuard = HTTPTimeouts(
    connect: .seconds(120), idle: .seconds(300), total: .seconds(600))
}

extension RequestDefaults {
  /// The library's defaults with ``TetherHTTP/HTTPTimeouts/loopbackGuard`` for timeouts: for a
  /// client of a server on the loopback interface in a test that is not about timeouts.
  public static var loopbackGuard: Self { Self(timeouts: .loopbackGuard) }
}
