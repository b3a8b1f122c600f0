import Foundation
import TetherCore
import TetherDiagnostics
import TetherHTTP
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Injects a `FaultPlan`'s faults on the client side, in front of any server — the public
/// dummyjson API included — so retry behaviour can be tested against a server you do not
/// control; and fails the next requests of one store (``failNext(_:of:like:)``).
///
/// It sits between the `APIClient` and its transport, so the client's observers, its
/// parsing and the retry policy see an injected failure exactly as a real one (a response
/// interceptor comes after parsing, and a failure thrown by a request interceptor skips the
/// observers). Injected responses carry an `X-Tether-Fault` header naming the fault.
///
/// ```swift
/// let faults = ClientFaultInjector(clock: clock)
/// var api = APIClient(baseURL: URL(string: "https://dummyjson.com")!)
/// api.transport = faults.wrapping(api.transport)
/// var plan = FaultPlan()
/// plan.failureRate = 0.5
/// try faults.apply(plan)
/// ```
public final class ClientFaultInjector: FaultTarget, StoreFaultTarget {
  /// The header an injected response carries.
  public static let headerName = "X-Tether-Fault"

  private struct State {
    var plan = FaultPlan.none
    var storeFailures: [OperationPath: (count: Int, like: FaultPlan)] = [:]
    var random: SeededRandom
  }

  private let state: SanitizerVisibleMutex<State>
  private let clock: any TetherClock

  /// - Parameters:
  ///   - clock: what latency waits on (the API client's clock).
  ///   - seed: the random draws' seed, so one seed and one sequence of requests give the same
  ///     faults; nil seeds from the system.
  public init(clock: any TetherClock = SystemClock(), seed: UInt64? = nil) {
    self.clock = clock
    state = SanitizerVisibleMutex(
      State(random: SeededRandom(seed: seed ?? UInt64.random(in: .min ... .max))))
  }

  public var side: FaultSide { .client }

  public var plan: FaultPlan { state.withLock { $0.plan } }

  public func apply(_ plan: FaultPlan) throws {
    try plan.validate()
    state.withLock { $0.plan = plan }
  }

  public func failNext(_ count: Int, of path: OperationPath, like failure: FaultPlan) {
    state.withLock { state in
      state.storeFailures[path] = count > 0 ? (count, failure) : nil
    }
  }

  public var storeFailures: [OperationPath: Int] {
    state.withLock { $0.storeFailures.mapValues(\.count) }
  }

  /// `transport` with this injector in front of it.
  public func wrapping(_ transport: any HTTPTransport) -> any HTTPTransport {
    FaultInjectingTransport(base: transport, injector: self)
  }

  /// What to do with one request.
  enum Decision: Equatable {
    case pass(latency: Duration, truncate: Bool)
    /// Answer with `status`, and `Retry-After: retryAfter` (seconds) when set.
    case fail(status: Int, retryAfter: Int?, latency: Duration, reason: String)
    case drop(latency: Duration)
  }

  /// Draws the faults of a request with `method` to `path`, caused by the store at `origin`.
  func decide(method: String, path: String, origin: OperationPath?) -> Decision {
    state.withLock { state in
      if let origin, let failure = state.storeFailures[origin], failure.count > 0 {
        state.storeFailures[origin] = failure.count > 1 ? (failure.count - 1, failure.like) : nil
        let statuses = failure.like.failureStatuses
        let status = statuses.isEmpty ? 503 : state.random.element(of: statuses)
        return .fail(
          status: status, retryAfter: failure.like.retryAfterSeconds(for: status), latency: .zero,
          reason: "fail next of \(origin)")
      }
      let plan = state.plan
      let segments = path.split(separator: "/")
      let affected = plan.affects(method: method, segments: segments)
      let countsTowardFailNext = plan.countsTowardFailNext(method: method, segments: segments)
      var latency = Duration.zero
      if affected {
        latency = plan.latency
        if plan.jitter > .zero {
          latency += plan.jitter * state.random.unitInterval()
        }
      }
      let statuses = plan.failureStatuses
      let status = statuses.isEmpty ? 503 : state.random.element(of: statuses)
      if plan.failNext > 0, countsTowardFailNext {
        state.plan.failNext -= 1
        return .fail(
          status: status, retryAfter: plan.retryAfterSeconds(for: status), latency: latency,
          reason: "fail next")
      }
      guard affected else { return .pass(latency: .zero, truncate: false) }
      if plan.failureRate > 0, state.random.unitInterval() < plan.failureRate {
        return .fail(
          status: status, retryAfter: plan.retryAfterSeconds(for: status), latency: latency,
          reason: "failure rate")
      }
      if plan.dropRate > 0, state.random.unitInterval() < plan.dropRate {
        return .drop(latency: latency)
      }
      let truncate =
        plan.truncatedRate > 0
        && state.random.unitInterval() < plan.truncatedRate
      return .pass(latency: latency, truncate: truncate)
    }
  }

  func wait(_ latency: Duration) async throws {
    guard latency > .zero else { return }
    try await clock.sleep(for: latency)
  }
}

/// A transport that asks a ``ClientFaultInjector`` what to do with each request before (and
/// after) its base transport sends it.
struct FaultInjectingTransport: HTTPTransport {
  let base: any HTTPTransport
  let injector: ClientFaultInjector

  func send(_ request: URLRequest, limits: TransportLimits) async throws -> HTTPResponse {
    let url = request.url ?? URL(string: "http://localhost/")!
    let decision = injector.decide(
      method: request.httpMethod ?? "GET", path: url.path, origin: RequestOrigin.current?.path)
    switch decision {
    case .pass(let latency, let truncate):
      try await injector.wait(latency)
      var response = try await base.send(request, limits: limits)
      guard truncate, (200..<300).contains(response.statusCode), response.body.count > 1 else {
        return response
      }
      response.body = response.body.prefix(response.body.count / 2)
      return HTTPResponse(
        statusCode: response.statusCode,
        headers: HTTPHeaders(
          Array(response.headers) + [
            .init(name: ClientFaultInjector.headerName, value: "truncated")
          ]),
        body: response.body, url: url)
    case .fail(let status, let retryAfter, let latency, let reason):
      try await injector.wait(latency)
      var fields: [HTTPHeaders.Field] = [
        .init(name: "Content-Type", value: "application/json"),
        .init(name: ClientFaultInjector.headerName, value: "\(status)"),
      ]
      if let retryAfter { fields.append(.init(name: "Retry-After", value: "\(retryAfter)")) }
      let body = #"{"message":"Injected \#(status) by the client's fault injector (\#(reason))"}"#
      return HTTPResponse(
        statusCode: status, headers: HTTPHeaders(fields), body: Data(body.utf8), url: url)
    case .drop(let latency):
      try await injector.wait(latency)
      throw URLError(.networkConnectionLost)
    }
  }

  /// A streamed response passes through as it arrives; a truncated one drops after its first
  /// piece, and a failure or a drop is injected as for `send`.
  func stream(_ request: URLRequest, limits: TransportLimits) async throws -> HTTPStreamedResponse {
    let url = request.url ?? URL(string: "http://localhost/")!
    let decision = injector.decide(
      method: request.httpMethod ?? "GET", path: url.path, origin: RequestOrigin.current?.path)
    guard case .pass(let latency, let truncate) = decision else {
      let response = try await send(request, limits: limits)
      return HTTPStreamedResponse(metadata: response.metadata, body: .whole(response.body))
    }
    try await injector.wait(latency)
    let response = try await base.stream(request, limits: limits)
    guard truncate else { return response }
    let body = response.body
    let pieces = SanitizerVisibleMutex(0)
    return HTTPStreamedResponse(
      metadata: response.metadata,
      body: HTTPByteStream(
        next: {
          guard
            pieces.withLock({
              $0 += 1
              return $0
            }) == 1
          else {
            body.cancel()
            throw URLError(.networkConnectionLost)
          }
          return try await body.next()
        }, cancel: { body.cancel() }))
  }
}
