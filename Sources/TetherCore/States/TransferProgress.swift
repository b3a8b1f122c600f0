/// How far a run's transfer has come: bytes sent and received, and the totals when known.
///
/// An operation reports it through ``OperationContinuation/reportTransfer(_:)`` (an HTTP query
/// does so for every request); the store keeps the latest report of the run in flight, so a
/// screen draws a progress bar from the state alone. It is gone when the run ends.
///
/// ```swift
/// if let transfer = store.state.transferProgress, let fraction = transfer.fractionCompleted {
///   drawBar(filling: fraction)
/// }
/// ```
public struct TransferProgress: Sendable, Hashable {
  /// Bytes of the request body sent so far.
  public var bytesSent: Int
  /// The request body's size, when known.
  public var bytesToSend: Int?
  /// Bytes of the response body received so far.
  public var bytesReceived: Int
  /// The response body's size, when known (a `Content-Length`).
  public var bytesToReceive: Int?

  /// Progress of a transfer that sent and received these many bytes, of totals when known.
  public init(
    bytesSent: Int = 0, bytesToSend: Int? = nil, bytesReceived: Int = 0, bytesToReceive: Int? = nil
  ) {
    self.bytesSent = bytesSent
    self.bytesToSend = bytesToSend
    self.bytesReceived = bytesReceived
    self.bytesToReceive = bytesToReceive
  }

  /// How much of the transfer is done, 0...1: the download once it has started (or there is
  /// nothing to send), else the upload; nil while the total of the side under way is unknown.
  public var fractionCompleted: Double? {
    if bytesReceived > 0 || bytesToReceive != nil || (bytesToSend ?? 0) == 0 {
      guard let total = bytesToReceive, total > 0 else { return bytesToReceive == 0 ? 1 : nil }
      return min(1, Double(bytesReceived) / Double(total))
    }
    guard let total = bytesToSend, total > 0 else { return nil }
    return min(1, Double(bytesSent) / Double(total))
  }
}
