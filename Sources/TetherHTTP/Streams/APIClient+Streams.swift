import Foundation
import TetherCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension APIClient {
  /// The events of `endpoint`'s streamed response, each as soon as it arrives, across
  /// reconnections as `EventSource` reads them. The connection opens when the first event is
  /// asked for.
  ///
  /// When the connection stops — it dropped, the server was silent for longer than the idle
  /// timeout, answered a 5xx, or ended the stream — the sequence reconnects with
  /// `Last-Event-ID` set to the last event received, so a server that honours it sends only
  /// what was missed. It waits the delay the server asked for with its latest `retry:` field
  /// (within ``StreamEndpoint/reconnectionDelayLimits``) or a `Retry-After`, else
  /// `Backoff.default` by how many connections in a row stopped without an event: one that
  /// delivered events starts that count over, so a working stream reconnects after a second.
  /// It ends when the server ends the stream of an endpoint whose
  /// ``StreamEndpoint/reconnectsAfterEnd`` is false, and throws a failure that retrying cannot
  /// help: a 4xx, an event over ``StreamEndpoint/maximumEventSize`` or that does not decode, a
  /// response that is not an event stream. For a bounded number of reconnections, and the
  /// state of each, make a ``streamedQuery(_:path:initialValue:reduce:)`` with a retry
  /// policy. With `reconnects` false it reads one connection: it ends when the server ends the
  /// stream and throws whatever stops it.
  ///
  /// Opening goes through the pipeline as ``send(_:)`` does, within the endpoint's total
  /// deadline: request interceptors, observers (who hear `didFinish` when each connection
  /// ends), and response interceptors, which see the stream's head as the value (an
  /// ``HTTPStreamedResponse``) or the failure, and may restart the opening (an
  /// ``AuthenticationInterceptor`` after a `401`). Once open, a connection may last forever.
  /// Cancelling the reading task, or dropping the iterator, closes the connection, or ends the
  /// wait before the next one (throwing ``HTTPError/cancelled``).
  ///
  /// - Parameters:
  ///   - endpoint: The stream to open: its method, path, event format and limits.
  ///   - lastEventID: Sent as `Last-Event-ID` on the first connection, so that the server
  ///     resumes after the last event an earlier reader received.
  ///   - reconnects: Whether to reconnect when a connection stops (true, the default), or to
  ///     read one connection.
  ///
  /// ```swift
  /// for try await change in api.events(StreamEndpoint<PostChange>(.get, "posts/changes")) {
  ///   print(change.title)
  /// }
  /// ```
  public func events<Event>(
    _ endpoint: StreamEndpoint<Event>, lastEventID: String? = nil, reconnects: Bool = true
  ) -> HTTPEventStream<Event> {
    HTTPEventStream(
      client: self, endpoint: endpoint, lastEventID: lastEventID, reconnects: reconnects)
  }

  /// Opens `endpoint`'s stream: interceptors, observers, transport, status, within the
  /// endpoint's total deadline; the request as sent and its body as it arrives.
  func openStream<Event>(_ endpoint: StreamEndpoint<Event>, lastEventID: String?)
    async throws(HTTPError) -> (
      request: URLRequest, response: HTTPURLResponse, body: HTTPByteStream
    )
  {
    if Task.isCancelled { throw .cancelled }
    let deadline = Deadline(endpoint.request.timeout ?? defaults.timeouts.total, on: deadlines)
    defer { deadline.end() }
    let opened = await withTaskCancellationHandler {
      () async -> Result<(URLRequest, HTTPStreamedResponse), HTTPError> in
      var restartCount = 0
      while true {
        let context = InterceptorContext(
          restartCount: restartCount, remainingRestarts: max(0, maximumRestarts - restartCount),
          clock: clock)
        switch await openingPass(
          endpoint, lastEventID: lastEventID, context: context, deadline: deadline)
        {
        case .finished(let result): return result
        case .restart: restartCount += 1
        }
      }
    } onCancel: {
      deadline.cancel()
    }
    if let decision = deadline.decision {
      if case .success(let (_, response)) = opened { response.body.cancel() }
      throw decision
    }
    let (sent, response) = try opened.get()
    return (sent, response.metadata, response.body)
  }

  private enum OpeningPass {
    case finished(Result<(URLRequest, HTTPStreamedResponse), HTTPError>)
    case restart
  }

  /// One pass of opening a stream, as ``send(_:)`` makes one: the request interceptors, the
  /// exchange and its status, then the response interceptors (last to first), which see the
  /// stream's head as the value (``HTTPStreamedResponse``) or the failure, and may restart the
  /// pass (after a token refresh, say) or replace the outcome.
  private func openingPass<Event>(
    _ endpoint: StreamEndpoint<Event>, lastEventID: String?, context: InterceptorContext,
    deadline: Deadline
  ) async -> OpeningPass {
    var request: URLRequest
    do throws(HTTPError) {
      request = try urlRequest(for: endpoint.request)
    } catch {
      return .finished(.failure(error))
    }
    if endpoint.request.headers["Accept"] == nil {
      request.setValue(endpoint.format.mediaType, forHTTPHeaderField: "Accept")
    }
    request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
    if let lastEventID, !lastEventID.isEmpty {
      request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID")
    }
    let limits = streamLimits(for: endpoint)
    let (entered, early) = await intercept(&request, context: context, deadline: deadline)
    let sent = request
    let accepted: Result<HTTPStreamedResponse, HTTPError>
    var head: HTTPResponse?
    if case .failure(let error) = early {
      accepted = .failure(error)
    } else {
      let start = clock.now()
      for observer in observers { observer.willSend(sent) }
      let response: Result<HTTPStreamedResponse, HTTPError>
      if let early {
        response = early.map {
          HTTPStreamedResponse(metadata: $0.metadata, body: .whole($0.body))
        }
      } else {
        response = await streamedExchange(sent, for: endpoint, limits: limits, deadline: deadline)
      }
      switch response {
      case .success(let response):
        (accepted, head) = await accept(
          response, of: endpoint, request: sent, since: start, limits: limits)
      case .failure(let error):
        finishStream(sent, response: nil, failure: error, since: start)
        accepted = .failure(error)
      }
    }
    guard entered > 0 else { return .finished(accepted.map { (sent, $0) }) }

    let seen = ResponseOutcome(request: sent, response: head, result: accepted.map { $0 })
    let outcome: ResponseOutcome
    switch await intercept(seen, entered: entered, context: context, deadline: deadline) {
    case .success(let intercepted?):
      outcome = intercepted
    case .success(nil):
      if case .success(let response) = accepted { response.body.cancel() }
      return .restart
    case .failure(let decision):
      if case .success(let response) = accepted { response.body.cancel() }
      return .finished(.failure(decision))
    }
    let result = outcome.result(as: HTTPStreamedResponse.self, called: "stream")
    if case .success(let response) = accepted, (try? result.get())?.body !== response.body {
      response.body.cancel()
    }
    return .finished(result.map { (outcome.request, $0) })
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
    if answersFromMocks {
      guard let mock = endpoint.mock else { return .failure(.unmocked(endpoint)) }
      let clock = clock
      return await deadline.send(within: limits) {
        try await mock(request).answerStreaming(request, limits: limits, clock: clock)
      }
    }
    let transport = transport
    return await deadline.send(within: limits) {
      try await transport.stream(request, limits: limits)
    }
  }

  /// The response when its status is acceptable and its type the stream's; otherwise the
  /// failure, with the start of the body as the server's message. Either way, the response as
  /// a response interceptor sees it: the head of an open stream (its body still arriving, so
  /// empty there), or the head and start of the body of a refused one.
  private func accept<Event>(
    _ response: HTTPStreamedResponse, of endpoint: StreamEndpoint<Event>, request: URLRequest,
    since start: Date, limits: TransportLimits
  ) async -> (Result<HTTPStreamedResponse, HTTPError>, seen: HTTPResponse) {
    let statusCode = response.metadata.statusCode
    var failure: HTTPError?
    var body = Data()
    if !endpoint.request.acceptableStatusCodes.contains(statusCode) {
      body =
        (try? await response.body.collect(upTo: min(64 << 10, limits.maximumResponseSize)))
        ?? Data()
      failure = .unacceptableStatus(
        statusFailure(
          for: HTTPResponse(metadata: response.metadata, body: body),
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
    let seen = HTTPResponse(metadata: response.metadata, body: body)
    guard let failure else { return (.success(response), seen) }
    finishStream(request, response: response.metadata, failure: failure, since: start)
    return (.failure(failure), seen)
  }
}
