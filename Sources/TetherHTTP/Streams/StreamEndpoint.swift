import Foundation
import TetherCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An endpoint whose response is a stream of events — server-sent events or newline-delimited
/// JSON — read one event at a time as each arrives, for as long as the server keeps sending.
///
/// ```swift
/// struct PostChange: Decodable, Sendable { var id: Int; var title: String }
///
/// let raw = StreamEndpoint<StreamEvent>(.get, "posts/changes")       // events as they come
/// let changes = StreamEndpoint<PostChange>(.get, "posts/changes")    // each event's data decoded
/// let ticks = StreamEndpoint<PostChange>(.get, "ticks", format: .jsonLines)
///
/// for try await change in api.events(changes) { print(change.title) }
/// ```
///
/// ``APIClient/events(_:lastEventID:reconnects:)`` reads it as `EventSource` does, and
/// ``APIClient/streamedQuery(_:path:initialValue:reduce:)`` makes a query of it whose state
/// shows the value built from the events; both reconnect with `Last-Event-ID` — after a failure
/// that may be retried, and after the server ends the stream unless ``reconnectsAfterEnd`` is
/// false — waiting the delay the server asked for with `retry:` when it did (the query under
/// the store's retry policy).
public struct StreamEndpoint<Event: Sendable>: Sendable {
  /// Reads an event; nil skips it (an event of a type the stream does not want).
  typealias Parser = @Sendable (StreamEvent, JSONDecoder) throws -> Event?

  /// The request: method, path or URL, query, headers, body. Its `timeout` is how long the
  /// response's head may take; once the stream is open only ``idleTimeout`` applies.
  public var request: Endpoint<Void>
  /// How the response frames its events.
  public var format: StreamFormat
  /// The largest event accepted, in bytes (its fields and data, or its line): a larger one
  /// ends the stream with ``HTTPError/eventTooLarge(limit:)``. 1 MiB by default.
  public var maximumEventSize: Int
  /// The longest silence between two pieces of the stream before it fails as timed out; nil
  /// uses the client's `defaults.timeouts.idle`. A server that sends heartbeats (`:` comment
  /// lines) more often than this keeps a quiet stream open.
  public var idleTimeout: Duration?
  /// Whether ``APIClient/events(_:lastEventID:reconnects:)`` and a streamed query reconnect
  /// when the server ends the stream cleanly, as `EventSource` does (true, the default): a
  /// server may close a long stream at any time (a deploy, a proxy's time limit) without
  /// meaning that nothing more will come. False makes a clean end the end of the events, and
  /// of a streamed query's run, whose value is then final (a finite export, TanStack's
  /// `streamedQuery`).
  public var reconnectsAfterEnd = true
  /// The range a server's `retry:` field is kept within before it becomes the delay between
  /// reconnections: a server asking for 0 ms cannot make its clients hammer it, nor one asking
  /// for a day keep them away. Half a second to a minute by default.
  public var reconnectionDelayLimits: ClosedRange<Duration> = .milliseconds(500) ... .seconds(60)
  /// What a client made with ``APIClient/mocked(baseURL:clock:)`` answers, typically a
  /// ``MockResponse/stream(_:statusCode:headers:delay:)``.
  public var mock: MockTransport.Responder?

  let parser: Parser
  /// Whether event data is decoded as JSON, so that it meets the JSON limits first.
  let readsJSON: Bool

  /// A stream whose events `parse` reads (nil skips one), from the response of `request`.
  public init(
    _ request: Endpoint<Void>, format: StreamFormat = .serverSentEvents,
    maximumEventSize: Int = 1 << 20,
    parse: @escaping @Sendable (StreamEvent) throws -> Event?
  ) {
    self.init(
      request: request, format: format, maximumEventSize: maximumEventSize,
      parser: { event, _ in try parse(event) })
  }

  init(
    request: Endpoint<Void>, format: StreamFormat, maximumEventSize: Int,
    readsJSON: Bool = false, parser: @escaping Parser
  ) {
    self.readsJSON = readsJSON
    self.request = request
    self.format = format
    self.maximumEventSize = maximumEventSize
    self.parser = parser
  }

  /// This stream answered by a mocked client with what `responder` computes from the request
  /// (its `Last-Event-ID`, say).
  public func mocked(_ responder: @escaping MockTransport.Responder) -> StreamEndpoint {
    var endpoint = self
    endpoint.mock = responder
    return endpoint
  }

  /// The query path a ``APIClient/streamedQuery(_:path:initialValue:reduce:)`` gets by default:
  /// the request's ``Endpoint/operationPath``.
  public var operationPath: OperationPath { request.operationPath }

  /// The delay before reconnecting when the server asked for `asked` with `retry:`: `asked`
  /// kept within ``reconnectionDelayLimits``.
  func reconnectionDelay(askedFor asked: Duration) -> Duration {
    min(max(asked, reconnectionDelayLimits.lowerBound), reconnectionDelayLimits.upperBound)
  }

  /// Reads `event` as this stream's event type.
  func parse(_ event: StreamEvent, decoder: JSONDecoder) throws(HTTPError) -> Event? {
    do {
      return try parser(event, decoder)
    } catch let error as HTTPError {
      throw error
    } catch {
      throw .decodingFailed(
        DecodingFailure(error, decoding: Event.self, body: Data(event.data.utf8)))
    }
  }
}

extension StreamEndpoint where Event == StreamEvent {
  /// A stream of the events as they arrive, every type and comment-free.
  public init(
    _ method: HTTPMethod, _ target: RequestTarget, query: [URLQueryItem] = [],
    headers: HTTPHeaders = [:], body: HTTPBody? = nil, format: StreamFormat = .serverSentEvents,
    maximumEventSize: Int = 1 << 20
  ) {
    self.init(
      request: Endpoint<Void>(method, target, query: query, headers: headers, body: body),
      format: format, maximumEventSize: maximumEventSize, parser: { event, _ in event })
  }
}

extension StreamEndpoint where Event: Decodable {
  /// A stream whose events' data (or lines) are JSON decoded into `Event`, with the client's
  /// decoder unless `decoder` is given. Server-sent events are read when their type is one of
  /// `types` (`message`, the type of events without `event:`, by default); others are skipped.
  public init(
    _ method: HTTPMethod, _ target: RequestTarget, query: [URLQueryItem] = [],
    headers: HTTPHeaders = [:], body: HTTPBody? = nil, format: StreamFormat = .serverSentEvents,
    types: Set<String> = ["message"], maximumEventSize: Int = 1 << 20,
    decoder: JSONDecoder? = nil
  ) {
    self.init(
      request: Endpoint<Void>(method, target, query: query, headers: headers, body: body),
      format: format, maximumEventSize: maximumEventSize, readsJSON: true,
      parser: { event, clientDecoder in
        guard types.contains(event.type) else { return nil }
        return try (decoder ?? clientDecoder).decode(Event.self, from: Data(event.data.utf8))
      })
  }
}

extension StreamEndpoint: CustomStringConvertible {
  /// `GET posts/changes (stream)`
  public var description: String { "\(request) (stream)" }
}
