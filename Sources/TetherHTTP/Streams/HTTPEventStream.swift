import Foundation
import TetherCore

/// The events of a streamed response (see ``APIClient/events(_:lastEventID:reconnects:)``): an
/// `AsyncSequence` that opens the connection on the first `next()` and yields each event as it
/// arrives. As `EventSource` does, it reconnects with `Last-Event-ID` when the connection stops
/// and may be retried; with `reconnects` false it reads one connection, ends when the server
/// ends the stream and throws when the connection fails. Throws ``HTTPError``.
public struct HTTPEventStream<Event: Sendable>: AsyncSequence, Sendable {
  public typealias Element = Event
  public typealias Failure = HTTPError

  let client: APIClient
  let endpoint: StreamEndpoint<Event>
  let lastEventID: String?
  let reconnects: Bool

  public func makeAsyncIterator() -> Iterator {
    Iterator(client: client, endpoint: endpoint, lastEventID: lastEventID, reconnects: reconnects)
  }

  /// Reads the events of the stream, one connection after another.
  public struct Iterator: AsyncIteratorProtocol {
    public typealias Failure = HTTPError

    private let client: APIClient
    private let endpoint: StreamEndpoint<Event>
    private let reconnects: Bool
    private var connection: EventConnection<Event>
    /// The `retry:` an earlier connection received, which holds until the server sends another.
    private var earlierRetry: Duration?
    /// Connections in a row that stopped without delivering an event.
    private var failedConnections = 0
    /// Whether the current connection has delivered an event.
    private var connectionDeliveredEvents = false

    /// The id of the latest event received (read or skipped): what a reconnection sends as
    /// `Last-Event-ID`.
    public var lastEventID: String? { connection.lastEventID }
    /// The reconnection delay the server asked for with its latest `retry:` field.
    public var retry: Duration? { connection.retry ?? earlierRetry }

    init(
      client: APIClient, endpoint: StreamEndpoint<Event>, lastEventID: String?, reconnects: Bool
    ) {
      self.client = client
      self.endpoint = endpoint
      self.reconnects = reconnects
      connection = EventConnection(client: client, endpoint: endpoint, lastEventID: lastEventID)
    }

    public mutating func next() async throws(HTTPError) -> Event? {
      try await next(isolation: nil)
    }

    public mutating func next(isolation actor: isolated (any Actor)?) async throws(HTTPError)
      -> Event?
    {
      while true {
        let failure: HTTPError?
        do throws(HTTPError) {
          if let event = try await connection.next(isolation: actor) {
            connectionDeliveredEvents = true
            return event
          }
          guard reconnects, endpoint.reconnectsAfterEnd else { return nil }
          failure = nil
        } catch {
          guard reconnects, error.retryDecision != .doNotRetry else { throw error }
          failure = error
        }
        try await reconnect(after: failure, isolation: actor)
      }
    }

    /// Waits before the next connection, then makes it resume after the last event: the delay
    /// a `Retry-After` asked for, else the server's `retry:` (within the endpoint's
    /// ``StreamEndpoint/reconnectionDelayLimits``), else `Backoff.default` by how many
    /// connections in a row stopped without an event — one that delivered events starts the
    /// count over.
    private mutating func reconnect(
      after failure: HTTPError?, isolation actor: isolated (any Actor)?
    ) async throws(HTTPError) {
      failedConnections = connectionDeliveredEvents ? 1 : failedConnections + 1
      connectionDeliveredEvents = false
      earlierRetry = retry
      let delay: Duration
      if case .retryAfter(let requested) = failure?.retryDecision {
        delay = Swift.max(.zero, requested)
      } else if let asked = earlierRetry {
        delay = endpoint.reconnectionDelay(askedFor: asked)
      } else {
        delay = Backoff.default.delay(beforeRetry: failedConnections)
      }
      do {
        try await client.clock.sleep(for: delay)
      } catch {
        throw .cancelled
      }
      connection = EventConnection(
        client: client, endpoint: endpoint, lastEventID: connection.lastEventID)
    }
  }
}
