import Foundation
import TetherCore
import TetherJSON

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension APIClient {
  /// Sends `endpoint` through the interceptors and the transport and returns its parsed
  /// response.
  ///
  /// One pass: build the request from the endpoint and the defaults; request interceptors
  /// (first to last) rewrite it or answer it; observers hear `willSend`; the transport sends
  /// it; the status is checked and the body parsed; observers hear `didFinish`; response
  /// interceptors (last to first) see the outcome and may rewrite it or restart the pass.
  ///
  /// The whole send, restarts included, has one deadline: the endpoint's `timeout`, else
  /// `defaults.timeouts.total`, measured on the client's ``clock``. When it passes the
  /// transport is cancelled and the send fails with ``HTTPError/timedOut(after:)`` at once,
  /// whatever the transport does; cancelling the calling task likewise returns
  /// ``HTTPError/cancelled`` at once. Every body meets the endpoint's JSON limits before a
  /// parser sees it, and the transport refuses bodies over its size cap while receiving them.
  ///
  /// - Throws: an ``HTTPError`` saying what went wrong.
  public func send<Response>(_ endpoint: Endpoint<Response>) async throws(HTTPError) -> Response {
    try await send(endpoint, revalidating: nil)
  }

  /// `send(_:)`, revalidating what ``validators`` remembers for `key` (a store and an
  /// endpoint): see ``ResponseValidators``.
  func send<Response>(_ endpoint: Endpoint<Response>, revalidating key: String?)
    async throws(HTTPError) -> Response
  {
    if Task.isCancelled { throw .cancelled }
    let deadline = Deadline(endpoint.timeout ?? defaults.timeouts.total, on: deadlines)
    defer { deadline.end() }
    let result = await withTaskCancellationHandler {
      () async -> Result<Response, HTTPError> in
      do throws(HTTPError) {
        return .success(try await send(endpoint, revalidating: key, within: deadline))
      } catch {
        return .failure(error)
      }
    } onCancel: {
      deadline.cancel()
    }
    // A deadline that passed, or a cancellation that came, while the pipeline was computing
    // (decoding a body, say) ends the send all the same.
    if let decision = deadline.decision { throw decision }
    return try result.get()
  }

  private func send<Response>(
    _ endpoint: Endpoint<Response>, revalidating key: String?, within deadline: Deadline
  ) async throws(HTTPError) -> Response {
    var restartCount = 0
    while true {
      if let decision = deadline.decision { throw decision }
      let context = InterceptorContext(
        restartCount: restartCount, remainingRestarts: max(0, maximumRestarts - restartCount),
        clock: clock)
      switch try await pass(endpoint, revalidating: key, context: context, deadline: deadline) {
      case .finished(let result):
        return try result.get()
      case .restart:
        restartCount += 1
      }
    }
  }

  private enum Pass<Response> {
    case finished(Result<Response, HTTPError>)
    case restart
  }

  private func pass<Response>(
    _ endpoint: Endpoint<Response>, revalidating key: String?, context: InterceptorContext,
    deadline: Deadline
  ) async throws(HTTPError) -> Pass<Response> {
    var request = try urlRequest(for: endpoint)
    let remembered = key.flatMap { conditions(for: $0, on: &request) }
    let limits = TransportLimits(
      defaults.timeouts.limited(toTotal: endpoint.timeout),
      maximumResponseSize: endpoint.maximumResponseSize ?? defaults.maximumResponseSize)

    // How many interceptors saw the request: only they see the outcome, innermost first.
    let (entered, early) = await intercept(&request, context: context, deadline: deadline)

    let raw: Result<HTTPResponse, HTTPError>
    let result: Result<Response, HTTPError>
    if case .failure(let error) = early {
      (raw, result) = (.failure(error), .failure(error))
    } else {
      let start = observers.isEmpty ? nil : clock.now()
      for observer in observers { observer.willSend(request) }
      if let early {
        raw = early
      } else if answersFromMocks {
        raw = await mockedExchange(request, for: endpoint, limits: limits, deadline: deadline)
      } else {
        raw = await exchange(request, limits: limits, deadline: deadline)
      }
      result = await raw.asyncFlatMap { response in
        if let remembered, response.metadata.statusCode == 304,
          let value = remembered.value as? Response
        {
          return .success(value)
        }
        return await parse(response, for: endpoint, deadline: deadline)
      }
      if let key { remember(result, of: raw, for: key) }
      if let start {
        let exchange = HTTPExchange(
          request: request, response: try? raw.get().metadata, failure: result.failure,
          duration: clock.now().duration(since: start), responseBody: try? raw.get().body)
        for observer in observers { observer.didFinish(exchange) }
      }
    }

    guard entered > 0 else { return .finished(result) }
    let seen = ResponseOutcome(
      request: request, response: try? raw.get(), result: result.map { $0 })
    let intercepted = await intercept(seen, entered: entered, context: context, deadline: deadline)
    guard let outcome = try intercepted.get() else { return .restart }
    return .finished(outcome.result(as: Response.self, called: "response"))
  }

  /// Runs the response side of the first `entered` interceptors, last to first, on `outcome`:
  /// what they leave; nil when one asks for a restart and restarts remain (one asking when none
  /// remain is passed over); the failure that ended the send when the deadline did.
  func intercept(
    _ outcome: ResponseOutcome, entered: Int, context: InterceptorContext, deadline: Deadline
  ) async -> Result<ResponseOutcome?, HTTPError> {
    var outcome = outcome
    for interceptor in interceptors[..<entered].reversed() {
      let seen = outcome
      switch await deadline.run({ await interceptor.intercept(seen, context: context) }) {
      case .success(.proceed(let rewritten)):
        outcome = rewritten
      case .success(.restart):
        if context.remainingRestarts > 0 { return .success(nil) }
      case .failure(let decision):
        return .failure(decision)
      }
    }
    return .success(outcome)
  }

  /// Runs the request interceptors, first to last, on `request`: how many saw it, and the
  /// response or failure one of them answered with (which stops the others).
  func intercept(
    _ request: inout URLRequest, context: InterceptorContext, deadline: Deadline
  ) async -> (entered: Int, early: Result<HTTPResponse, HTTPError>?) {
    var entered = 0
    var early: Result<HTTPResponse, HTTPError>?
    for interceptor in interceptors where early == nil {
      let proposed = request
      let interception = await deadline.run {
        () async -> Result<RequestInterception, HTTPError> in
        do throws(HTTPError) {
          return .success(try await interceptor.intercept(proposed, context: context))
        } catch {
          return .failure(error)
        }
      }.flatMap { $0 }
      switch interception {
      case .success(.proceed(let rewritten)):
        request = rewritten
        entered += 1
      case .success(.respond(let response)):
        early = .success(response)
        entered += 1
      case .failure(let error):
        early = .failure(error)
      }
    }
    return (entered, early)
  }

  /// Sends `request` through the transport within the deadline: straight through the
  /// exchange of a transport that answers by callback, else in a task of its own.
  private func exchange(_ request: URLRequest, limits: TransportLimits, deadline: Deadline) async
    -> Result<HTTPResponse, HTTPError>
  {
    if let transport = exchangeTransport {
      return await deadline.exchange(request, limits: limits, with: transport)
        .mapError { HTTPError(wrapping: $0, timeout: limits.idleTimeout) }
    }
    let transport = transport
    return await deadline.send(within: limits) {
      try await transport.send(request, limits: limits)
    }
  }

  /// Bodies this large are parsed in a task of their own, so that the deadline can end the
  /// send while they are; smaller ones take microseconds and are parsed in place.
  private static var inPlaceParseLimit: Int { 256 << 10 }

  /// Checks the status and parses the body of `response` for `endpoint`, within the deadline.
  private func parse<Response>(
    _ response: HTTPResponse, for endpoint: Endpoint<Response>, deadline: Deadline
  ) async -> Result<Response, HTTPError> {
    guard response.body.count > Self.inPlaceParseLimit else {
      return parse(response, for: endpoint)
    }
    let client = self
    return await deadline.run(inPlace: false) { () async -> Result<Response, HTTPError> in
      client.parse(response, for: endpoint)
    }.flatMap { $0 }
  }

  /// Checks the status and parses the body of `response` for `endpoint`.
  private func parse<Response>(_ response: HTTPResponse, for endpoint: Endpoint<Response>)
    -> Result<Response, HTTPError>
  {
    let statusCode = response.metadata.statusCode
    let limits = endpoint.jsonLimits ?? defaults.jsonLimits
    guard endpoint.acceptableStatusCodes.contains(statusCode) else {
      return .failure(.unacceptableStatus(statusFailure(for: response, limits: limits)))
    }
    if endpoint.readsBody {
      do throws(JSONError) {
        try limits.check(response.body)
      } catch {
        // Text that is not JSON at all is a custom parser's to judge.
        guard case .malformed = error.reason, !endpoint.readsJSON else {
          return .failure(
            .decodingFailed(
              DecodingFailure(
                typeName: String(describing: Response.self), codingPath: "",
                reason: "\(error)", bodyPrefix: TextExcerpt.of(response.body))))
        }
      }
    }
    do {
      return .success(try endpoint.parse(response.body, response.metadata, decoder: decoder))
    } catch let error as HTTPError {
      return .failure(error)
    } catch {
      return .failure(
        .decodingFailed(DecodingFailure(error, decoding: Response.self, body: response.body)))
    }
  }

  func statusFailure(for response: HTTPResponse, limits: JSONLimits) -> StatusFailure {
    let headers = response.headers
    let statusCode = response.metadata.statusCode
    var retryAfter: Duration?
    if statusCode == 429 || statusCode == 503, let value = headers["Retry-After"] {
      retryAfter = RetryAfter.delay(from: value, now: clock.now())
    }
    return StatusFailure(
      statusCode: statusCode, headers: headers, body: response.body,
      clientError: clientError?.clientError(from: response.body, decoder: decoder, limits: limits),
      retryAfter: retryAfter)
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { error } else { nil }
  }

  fileprivate func asyncFlatMap<NewSuccess>(
    _ transform: (Success) async -> Result<NewSuccess, Failure>
  ) async -> Result<NewSuccess, Failure> {
    switch self {
    case .success(let value): await transform(value)
    case .failure(let error): .failure(error)
    }
  }
}

extension ResponseOutcome {
  /// The result as `Value`, the type the send hands back; another type, which an interceptor
  /// put in the place of the `name` (the response, the stream), is a decoding failure.
  func result<Value>(as type: Value.Type, called name: String) -> Result<Value, HTTPError> {
    result.flatMap { value in
      if let value = value as? Value { return .success(value) }
      return .failure(
        .decodingFailed(
          DecodingFailure(
            typeName: String(describing: Value.self), codingPath: "",
            reason: "an interceptor replaced the \(name) with a \(Swift.type(of: value))",
            bodyPrefix: TextExcerpt.of(response?.body ?? Data()))))
    }
  }
}
