import Foundation
import TetherCore

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
    if Task.isCancelled { throw .cancelled }
    let total = endpoint.timeout ?? defaults.timeouts.total
    let client = self
    let result = await Deadline.race(total, on: deadlines) {
      () async -> Result<Response, HTTPError> in
      do throws(HTTPError) {
        return .success(try await client.sendWithoutDeadline(endpoint))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private func sendWithoutDeadline<Response>(_ endpoint: Endpoint<Response>)
    async throws(HTTPError) -> Response
  {
    var restartCount = 0
    while true {
      if Task.isCancelled { throw .cancelled }
      let context = InterceptorContext(
        restartCount: restartCount, remainingRestarts: max(0, maximumRestarts - restartCount),
        clock: clock)
      switch try await pass(endpoint, context: context) {
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

  private func pass<Response>(_ endpoint: Endpoint<Response>, context: InterceptorContext)
    async throws(HTTPError) -> Pass<Response>
  {
    var request = try urlRequest(for: endpoint)
    let limits = TransportLimits(
      defaults.timeouts.limited(toTotal: endpoint.timeout),
      maximumResponseSize: endpoint.maximumResponseSize ?? defaults.maximumResponseSize)

    // How many interceptors saw the request: only they see the outcome, innermost first.
    var entered = 0
    var early: Result<HTTPResponse, HTTPError>?
    for interceptor in interceptors where early == nil {
      do throws(HTTPError) {
        switch try await interceptor.intercept(request, context: context) {
        case .proceed(let rewritten): request = rewritten
        case .respond(let response): early = .success(response)
        }
        entered += 1
      } catch {
        early = .failure(error)
      }
    }

    let raw: Result<HTTPResponse, HTTPError>
    let result: Result<Response, HTTPError>
    if case .failure(let error) = early {
      (raw, result) = (.failure(error), .failure(error))
    } else {
      let start = observers.isEmpty ? nil : clock.now()
      for observer in observers { observer.willSend(request) }
      if let early {
        raw = early
      } else {
        do {
          raw = .success(try await transport.send(request, limits: limits))
        } catch {
          raw = .failure(HTTPError(wrapping: error, timeout: limits.idleTimeout))
        }
      }
      result = raw.flatMap { response in parse(response, for: endpoint) }
      if let start {
        let exchange = HTTPExchange(
          request: request, response: try? raw.get().metadata, failure: result.failure,
          duration: clock.now().duration(since: start))
        for observer in observers { observer.didFinish(exchange) }
      }
    }

    guard entered > 0 else { return .finished(result) }
    var outcome = ResponseOutcome(
      request: request, response: try? raw.get(), result: result.map { $0 })
    for interceptor in interceptors[..<entered].reversed() {
      switch await interceptor.intercept(outcome, context: context) {
      case .proceed(let rewritten):
        outcome = rewritten
      case .restart:
        if context.remainingRestarts > 0 { return .restart }
      }
    }
    return .finished(
      outcome.result.flatMap { value in
        if let value = value as? Response { return .success(value) }
        return .failure(
          .decodingFailed(
            DecodingFailure(
              typeName: String(describing: Response.self), codingPath: "",
              reason: "an interceptor replaced the response with a \(type(of: value))",
              bodyPrefix: TextExcerpt.of(outcome.response?.body ?? Data()))))
      })
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
      do throws(JSONLimitViolation) {
        try limits.check(response.body)
      } catch {
        return .failure(
          .decodingFailed(
            DecodingFailure(
              typeName: String(describing: Response.self), codingPath: "",
              reason: "\(error)", bodyPrefix: TextExcerpt.of(response.body))))
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

  private func statusFailure(for response: HTTPResponse, limits: JSONLimits) -> StatusFailure {
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
}
