import Foundation
import TetherCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension APIClient {
  /// The events of `endpoint`'s streamed response, each as soon as it arrives, until the
  /// server ends the stream. The connection opens when the first event is asked for.
  ///
  /// Opening runs the request interceptors and tells the observers, as ``send(_:)`` does
  /// (observers hear `didFinish` when the stream ends); an unacceptable status fails with its
  /// message. Opening has the endpoint's total deadline; once open, the stream may last
  /// forever, and fails only when the server is silent for longer than the idle timeout, the
  /// connection drops, an event is over ``StreamEndpoint/maximumEventSize`` or does not
  /// decode. Cancelling the reading task, or dropping the iterator, closes the connection.
  ///
  /// - Parameters:
  ///   - endpoint: The stream to open: its method, path, event format and limits.
  ///   - lastEventID: Sent as `Last-Event-ID`, so that the server resumes after the last
  ///     event a previous connection received.
  ///
  /// ```swift
  /// for try await change in api.events(StreamEndpoint<PostChange>(.get, "posts/changes")) {
  ///   print(change.title)
  /// }
  /// ```
  public func events<Event>(_ endpoint: StreamEndpoint<Event>, lastEventID: String? = nil)
    -> HTTPEventStream<Event>
  {
    HTTPEventStream(client: self, endpoint: endpoint, lastEventID: lastEventID)
  }

  /// Opens `endpoint`'s stream: interceptors, observers, transport, status, within the
  /// endpoint's total deadline; the request as sent and its body as it arrives.
  func openStream<Event>(_ endpoint: StreamEndpoint<Event>, lastEventID: String?)
    async throws(HTTPError) -> (
      request: URLRequest, response: HTTPURLResponse, body: HTTPByteStream
    )
  {
    if Task.isCancelled { throw .cancelled }
    var request = try urlRequest(for: endpoint.request)
    if endpoint.request.headers["Accept"] == nil {
      request.setValue(endpoint.format.mediaType, forHTTPHeaderField: "Accept")
    }
    request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
    if let lastEventID, !lastEventID.isEmpty {
      request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID")
    }
    let limits = streamLimits(for: endpoint)
    let deadline = Deadline(endpoint.request.timeout ?? defaults.timeouts.total, on: deadlines)
    defer { deadline.end() }
    let opened = await withTaskCancellationHandler {
      () async -> Result<(URLRequest, HTTPStreamedResponse), HTTPError> in
      let context = InterceptorContext(restartCount: 0, remainingRestarts: 0, clock: clock)
      let (_, early) = await intercept(&request, context: context, deadline: deadline)
      let sent = request
      let start = clock.now()
      for observer in observers { observer.willSend(sent) }
      let response: Result<HTTPStreamedResponse, HTTPError>
      switch early {
      case .success(let whole):
        response = .success(
          HTTPStreamedResponse(metadata: whole.metadata, body: .whole(whole.body)))
      case .failure(let error):
        response = .failure(error)
      case nil:
        response = await streamedExchange(sent, for: endpoint, limits: limits, deadline: deadline)
      }
      switch response {
      case .success(let response):
        return await accept(response, of: endpoint, request: sent, since: start, limits: limits)
          .map { (sent, $0) }
      case .failure(let error):
        finishStream(sent, response: nil, failure: error, since: start)
        return .failure(error)
      }
    } onCancel: {
      deadline.cancel()
    }
    if let decision = deadline.decision { throw decision }
    let (sent, response) = try opened.get()
    return (sent, response.metadata, response.body)
  }

  /// The transport limits of a stream: the client's connect timeout, the stream's idle one.
  func streamLimits<Event>(for endpoint: StreamEndpoint<Event>) -> TransportLimits {
    let timeouts = defaults.timeouts.limited(toTotal: endpoint.request.timeout)
    return TransportLimits(
      connectTimeout: timeouts.connect, idleTimeout: endpoint.idleTimeout ?? defaults.timeouts.idle,
      maximumResponseSize: endpoint.request.maximumResponseSize ?? defaults.maximumResponseSize)
  }

  /// Tells the observers that a stream has ended, `failure` saying how when it did not end
  /// cleanly.
  func finishStream(
    _ request: URLRequest, response: HTTPURLResponse?, failure: HTTPError?, since start: Date
  ) {
    guard !observers.isEmpty else { return }
    let exchange = HTTPExchange(
      request: request, response: response, failure: failure,
      duration: clock.now().duration(since: start), responseBody: nil)
    for observer in observers { observer.didFinish(exchange) }
  }

  /// The transport's (or the mock's) streamed answer to `request`, within the deadline.
  private func streamedExchange<Event>(
    _ request: URLRequest, for endpoint: StreamEndpoint<Event>, limits: TransportLimits,
    deadline: Deadline
  ) async -> Result<HTTPStreamedResponse, HTTPError> {
    let source: @Sendable () async throws -> HTTPStreamedResponse
    if answersFromMocks {
      guard let mock = endpoint.mock else {
        return .failure(
          .invalidRequest(
            "\(endpoint) has no mocked response, and this client answers mocked endpoints only"))
      }
      let clock = clock
      source = { try await mock(request).answerStreaming(request, limits: limits, clock: clock) }
    } else {
      let transport = transport
      source = { try await transport.stream(request, limits: limits) }
    }
    let run = await deadline.run { () async -> Result<HTTPStreamedResponse, any Error> in
      do {
        return .success(try await source())
      } catch {
        return .failure(error)
      }
    }
    switch run {
    case .success(let outcome):
      return outcome.mapError { HTTPError(wrapping: $0, timeout: limits.idleTimeout) }
    case .failure(let decision):
      return .failure(decision)
    }
  }

  /// The response when its status is acceptable and its type the stream's; otherwise the
  /// failure, with the start of the body as the server's message.
  private func accept<Event>(
    _ response: HTTPStreamedResponse, of endpoint: StreamEndpoint<Event>, request: URLRequest,
    since start: Date, limits: TransportLimits
  ) async -> Result<HTTPStreamedResponse, HTTPError> {
    let statusCode = response.metadata.statusCode
    var failure: HTTPError?
    if !endpoint.request.acceptableStatusCodes.contains(statusCode) {
      let body = (try? await response.body.collect(upTo: min(64 << 10, limits.maximumResponseSize)))
      failure = .unacceptableStatus(
        statusFailure(
          for: HTTPResponse(metadata: response.metadata, body: body ?? Data()),
          limits: endpoint.request.jsonLimits ?? defaults.jsonLimits))
    } else if endpoint.format == .serverSentEvents,
      let type = response.metadata.value(forHTTPHeaderField: "Content-Type"),
      !type.lowercased().hasPrefix("text/event-stream")
    {
      response.body.cancel()
      failure = .decodingFailed(
        DecodingFailure(
          typeName: String(describing: Event.self), codingPath: "",
          reason: "the response is \(type), not text/event-stream", bodyPrefix: ""))
    }
    guard let failure else { return .success(response) }
    finishStream(request, response: response.metadata, failure: failure, since: start)
    return .failure(failure)
  }
}
