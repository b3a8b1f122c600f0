import TetherCore

/// Where transports report the progress of the requests sent in a scope: ``APIClient``'s
/// `send(_:progress:)` and its queries and mutations set it, and a transport reads it on the
/// caller's task when it starts a request.
///
/// A transport calls the reporter from any thread, at most about ``interval`` apart (the first
/// report comes once a transfer has taken that long, so quick requests report nothing), and
/// never after the request has finished. ``CurlTransport`` reports; a transport that wraps
/// another (a fault injector) forwards the reports as long as it sends from the caller's task.
public enum TransferReporting {
  /// Receives a transfer's progress.
  public typealias Reporter = @Sendable (TransferProgress) -> Void

  /// The reporter of requests started in this task; nil reports nothing.
  @TaskLocal public static var current: Reporter?

  /// The shortest time between two reports of one transfer: 30 a second at most.
  public static let interval = Duration.milliseconds(33)
}
