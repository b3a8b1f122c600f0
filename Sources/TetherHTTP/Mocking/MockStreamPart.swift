import Foundation
import TetherCore
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One step of a mocked streamed response (see ``MockResponse/stream(_:statusCode:headers:delay:)``):
/// bytes, an event or a JSON line after a delay on the mock's clock — or the connection
/// dropping, or going silent.
public struct MockStreamPart: Sendable {
  enum Kind: Sendable {
    case bytes(Data)
    case failure(URLError)
    case stall
  }

  let kind: Kind
  /// How long after the previous part (or the head) this one arrives, on the mock's clock.
  public var delay: Duration

  /// `data` as it is, after `delay`.
  public static func bytes(_ data: Data, after delay: Duration = .zero) -> MockStreamPart {
    MockStreamPart(kind: .bytes(data), delay: delay)
  }

  /// `text` in UTF-8, after `delay`.
  public static func text(_ text: String, after delay: Duration = .zero) -> MockStreamPart {
    bytes(Data(text.utf8), after: delay)
  }

  /// `event` framed as a server-sent event, after `delay`.
  public static func event(_ event: StreamEvent, after delay: Duration = .zero)
    -> MockStreamPart
  {
    text(event.serverSentEventText, after: delay)
  }

  /// `value` encoded as one JSON line, after `delay`.
  public static func jsonLine(_ value: some Encodable, after delay: Duration = .zero) throws
    -> MockStreamPart
  {
    bytes(try JSONEncoder().encode(value) + Data("\n".utf8), after: delay)
  }

  /// The connection fails with `error` after `delay` (`.networkConnectionLost`: a drop).
  public static func failure(_ error: URLError, after delay: Duration = .zero)
    -> MockStreamPart
  {
    MockStreamPart(kind: .failure(error), delay: delay)
  }

  /// Nothing more, ever: the stream fails once the idle timeout has passed on the clock.
  public static var stall: MockStreamPart { MockStreamPart(kind: .stall, delay: .zero) }
}

/// The body of a mocked streamed response: each part after its delay on the clock.
final class MockByteSource: Sendable {
  private let parts: [MockStreamPart]
  private let limits: TransportLimits
  private let clock: any TetherClock
  private let position = SanitizerVisibleMutex(0)

  init(_ parts: [MockStreamPart], limits: TransportLimits, clock: any TetherClock) {
    self.parts = parts
    self.limits = limits
    self.clock = clock
  }

  /// The next piece, after its delay; nil after the last part.
  func next() async throws -> Data? {
    let index = position.withLock { position in
      defer { position += 1 }
      return position
    }
    guard index < parts.count else { return nil }
    let part = parts[index]
    let idle = limits.idleTimeout
    if case .stall = part.kind {
      try await clock.sleep(for: idle)
      throw URLError(.timedOut)
    }
    if part.delay > idle {
      try await clock.sleep(for: idle)
      throw URLError(.timedOut)
    }
    if part.delay > .zero { try await clock.sleep(for: part.delay) }
    try Task.checkCancellation()
    switch part.kind {
    case .bytes(let data): return data
    case .failure(let error): throw error
    case .stall: return nil
    }
  }
}
