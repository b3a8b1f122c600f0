import Foundation
import TetherSynchronization

/// The body of a streamed response, in the pieces it arrives in: an `AsyncSequence` with one
/// consumer, which stops the transfer when it ends early — cancelled, dropped, or told to
/// ``cancel()``.
///
/// A transport makes one from a function that waits for the next piece (`nil` at the end) and
/// one that stops the transfer. ``CurlTransport`` hands over each piece its write callback
/// receives, and pauses the transfer while the consumer is behind, so a fast stream costs a
/// bounded amount of memory.
public final class HTTPByteStream: AsyncSequence, Sendable {
  public typealias Element = Data

  private let receive: @Sendable () async throws -> Data?
  private let stop: @Sendable () -> Void

  /// A stream whose pieces `next` returns one at a time (nil at the end); `cancel` stops the
  /// transfer when the consumer leaves before the end.
  public init(
    next: @escaping @Sendable () async throws -> Data?,
    cancel: @escaping @Sendable () -> Void = {}
  ) {
    receive = next
    stop = cancel
  }

  /// A body received whole, as one piece.
  public static func whole(_ body: Data) -> HTTPByteStream {
    let remaining = SendableBox(body.isEmpty ? nil : body)
    return HTTPByteStream { remaining.take() }
  }

  deinit { stop() }

  /// The next piece of the body, nil at its end; throws what ended the transfer, and
  /// `CancellationError` when the calling task is cancelled.
  public func next() async throws -> Data? {
    try await receive()
  }

  /// Stops the transfer; later calls to ``next()`` end the stream.
  public func cancel() { stop() }

  /// Collects the rest of the body up to `limit` bytes (an error response's message).
  func collect(upTo limit: Int) async throws -> Data {
    var body = Data()
    while body.count < limit, let piece = try await next() {
      body.append(piece.prefix(limit - body.count))
    }
    cancel()
    return body
  }

  public func makeAsyncIterator() -> Iterator { Iterator(stream: self) }

  /// Reads the stream's pieces in order.
  public struct Iterator: AsyncIteratorProtocol {
    let stream: HTTPByteStream

    public mutating func next() async throws -> Data? {
      try await stream.next()
    }
  }
}

/// A value handed out once, behind a lock.
private final class SendableBox: Sendable {
  private let value: SanitizerVisibleMutex<Data?>

  init(_ value: Data?) { self.value = SanitizerVisibleMutex(value) }

  func take() -> Data? {
    value.withLock { value in
      defer { value = nil }
      return value
    }
  }
}
