import Foundation
import TetherCore
import TetherJSON

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Reads the events of one connection of an ``HTTPEventStream``: opens it on the first
/// `next()`, yields each event as it arrives, returns nil when the server ends the stream, and
/// throws when it fails (telling the observers either way).
struct EventConnection<Event: Sendable> {
  private let client: APIClient
  private let endpoint: StreamEndpoint<Event>
  private var parser: StreamParser
  private var body: HTTPByteStream?
  private var request: URLRequest?
  private var response: HTTPURLResponse?
  private var start = Date()
  private var pending: [StreamEvent] = []
  private var nextPending = 0
  private var isFinished = false
  /// The id of the latest event received (read or skipped): what a reconnection sends as
  /// `Last-Event-ID`.
  private(set) var lastEventID: String?
  /// The reconnection delay the server asked for with its latest `retry:` field.
  var retry: Duration? { parser.retry }

  init(client: APIClient, endpoint: StreamEndpoint<Event>, lastEventID: String?) {
    self.client = client
    self.endpoint = endpoint
    self.lastEventID = lastEventID
    parser = StreamParser(
      format: endpoint.format, maximumEventSize: endpoint.maximumEventSize,
      lastEventID: lastEventID)
  }

  mutating func next(isolation actor: isolated (any Actor)?) async throws(HTTPError)
    -> Event?
  {
    while true {
      while nextPending < pending.count {
        let event = pending[nextPending]
        nextPending += 1
        if let id = event.id { lastEventID = id }
        if let parsed = try read(event) { return parsed }
      }
      pending.removeAll(keepingCapacity: true)
      nextPending = 0
      guard !isFinished else { return nil }
      try await receive(isolation: actor)
    }
  }

  /// Waits for the next piece of the body and parses it (opening the connection first).
  private mutating func receive(isolation actor: isolated (any Actor)?) async throws(HTTPError) {
    let body: HTTPByteStream
    if let opened = self.body {
      body = opened
    } else {
      start = client.clock.now()
      let (request, response, opened) = try await client.openStream(
        endpoint, lastEventID: lastEventID)
      self.request = request
      self.response = response
      self.body = opened
      body = opened
    }
    do {
      guard let piece = try await body.next() else {
        try parser.finish(into: &pending)
        end(nil)
        return
      }
      try parser.feed(piece, into: &pending)
    } catch let error as HTTPError {
      end(error)
      throw error
    } catch {
      let failure = HTTPError(
        wrapping: error, timeout: client.streamLimits(for: endpoint).idleTimeout)
      end(failure)
      throw failure
    }
  }

  /// Reads one event as the stream's type: JSON limits first, then the parser.
  private mutating func read(_ event: StreamEvent) throws(HTTPError) -> Event? {
    do throws(HTTPError) {
      if endpoint.readsJSON {
        let limits = endpoint.request.jsonLimits ?? client.defaults.jsonLimits
        do throws(JSONError) {
          try limits.check(event.data.utf8)
        } catch {
          throw .decodingFailed(
            DecodingFailure(
              typeName: String(describing: Event.self), codingPath: "", reason: "\(error)",
              bodyPrefix: TextExcerpt.of(Data(event.data.utf8))))
        }
      }
      return try endpoint.parse(event, decoder: client.decoder)
    } catch {
      end(error)
      throw error
    }
  }

  /// Closes the connection and tells the observers how the stream ended.
  private mutating func end(_ failure: HTTPError?) {
    guard !isFinished else { return }
    isFinished = true
    body?.cancel()
    pending = []
    nextPending = 0
    if let request {
      client.finishStream(request, response: response, failure: failure, since: start)
    }
  }
}
