import Foundation
import TetherSynchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends requests with `URLSession` (FoundationNetworking on Linux). ``CurlTransport`` is
/// faster and has none of the defects below; this one is for code that wants URLSession's
/// configuration (its cookie store, cache, proxy dictionary).
///
/// It runs data tasks on a session of its own with a delegate, never `URLSession.data(for:)`:
/// that call's cancellation handler cancels the URLSession task while the Swift task's lock is
/// held, and deadlocks when URLSession's queue is finishing the same task at that moment
/// (swift-corelibs-foundation #5412). Here a cancellation resumes the caller at once and never
/// calls `URLSessionTask.cancel()` from outside: FoundationNetworking also traps when a cancel
/// meets a completion it is delivering, or a resume follows a cancel (its task registry drops
/// the task twice). The task is stopped from inside its own delegate callbacks instead — when
/// the response head or the next body bytes arrive for a caller that has gone — so no call
/// blocks the caller's thread and nothing races URLSession's queues. A cancelled request still
/// waiting for its first byte ends at its idle timeout. The body is collected by the delegate
/// and refused once it passes the size cap.
///
/// Known FoundationNetworking defects, which ``CurlTransport`` does not have:
/// - a 307 or 308 redirect of a request with a body arrives without the body;
/// - a cookie deleted with `Max-Age=0` is sent again (when the configuration stores cookies);
/// - `URLRequest.timeoutInterval` is its only timeout: there is no separate connect timeout
///   (the client's total deadline still ends a stuck request on time).
public final class URLSessionTransport: HTTPTransport {
  private let session: URLSession
  private let delegate: SessionDelegate

  /// A transport over a new session with `configuration` (`.default`: cookies and cache as
  /// URLSession keeps them).
  public init(configuration: URLSessionConfiguration = .default) {
    delegate = SessionDelegate()
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.name = "TetherHTTP.URLSessionTransport.delegate"
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
  }

  deinit {
    // The session keeps its delegate until it is invalidated.
    session.finishTasksAndInvalidate()
  }

  public func send(_ request: URLRequest, limits: TransportLimits) async throws -> HTTPResponse {
    try Task.checkCancellation()
    var request = request
    request.timeoutInterval = limits.idleTimeout.timeInterval
    let task = session.dataTask(with: request)
    let exchange = Exchange(limit: limits.maximumResponseSize)
    delegate.register(exchange, for: task)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Only the task's own callbacks ever cancel it, so resuming here cannot follow a
        // cancel.
        if exchange.start(continuation) { task.resume() }
      }
    } onCancel: {
      // The caller is answered now; the task stops at its next callback.
      exchange.finish(.failure(CancellationError()))
    }
  }

  /// One data task's continuation, response and body.
  final class Exchange: Sendable {
    private struct State {
      var continuation: CheckedContinuation<HTTPResponse, any Error>?
      var outcome: Result<HTTPResponse, any Error>?
      var metadata: HTTPURLResponse?
      var body = Data()
    }

    let limit: Int
    private let state = SanitizerVisibleMutex(State())

    init(limit: Int) {
      self.limit = limit
    }

    /// Installs the continuation; false when the exchange already ended (cancelled first).
    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
      let outcome = state.withLock { state -> Result<HTTPResponse, any Error>? in
        if let outcome = state.outcome { return outcome }
        state.continuation = continuation
        return nil
      }
      guard let outcome else { return true }
      continuation.resume(with: outcome)
      return false
    }

    /// Whether the caller has been answered.
    var isFinished: Bool { state.withLock { $0.outcome != nil } }

    /// Records the response head; false when the caller has gone or its declared length is
    /// over the cap.
    func receive(_ response: URLResponse) -> Bool {
      if isFinished { return false }
      guard let metadata = response as? HTTPURLResponse else {
        finish(.failure(URLError(.badServerResponse)))
        return false
      }
      if metadata.expectedContentLength > Int64(limit) {
        finish(.failure(HTTPError.responseTooLarge(limit: limit)))
        return false
      }
      state.withLock { $0.metadata = metadata }
      return true
    }

    /// Appends body bytes; false once the caller has gone or the body is over the cap.
    func receive(_ data: Data) -> Bool {
      let fits = state.withLock { state -> Bool? in
        guard state.outcome == nil else { return nil }
        guard state.body.count + data.count <= limit else { return false }
        state.body.append(data)
        return true
      }
      if fits == false { finish(.failure(HTTPError.responseTooLarge(limit: limit))) }
      return fits == true
    }

    /// Ends the exchange with the collected response, or `error`.
    func complete(_ error: (any Error)?) {
      let result = state.withLock { state -> Result<HTTPResponse, any Error> in
        if let error { return .failure(error) }
        guard let metadata = state.metadata else {
          return .failure(URLError(.badServerResponse))
        }
        return .success(HTTPResponse(metadata: metadata, body: state.body))
      }
      finish(result)
    }

    /// Resumes the caller with `outcome` unless it has been resumed already.
    func finish(_ outcome: Result<HTTPResponse, any Error>) {
      let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
        guard state.outcome == nil else { return nil }
        state.outcome = outcome
        state.body = Data()
        defer { state.continuation = nil }
        return state.continuation
      }
      continuation?.resume(with: outcome)
    }
  }

  /// Routes the session's callbacks to the exchange of each task.
  final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = SanitizerVisibleMutex<[Int: Exchange]>([:])

    func register(_ exchange: Exchange, for task: URLSessionTask) {
      exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    private func exchange(for task: URLSessionTask) -> Exchange? {
      exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
      let accepted = exchange(for: dataTask)?.receive(response) ?? false
      completionHandler(accepted ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      guard let exchange = exchange(for: dataTask), !exchange.receive(data) else { return }
      // Cancelled or over the cap: the caller has its answer. Stopping the task from its own
      // callback cannot race its completion, which this queue delivers after this call.
      dataTask.cancel()
    }

    func urlSession(
      _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
    ) {
      let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
      exchange?.complete(error)
    }

    /// A challenge this transport cannot answer (HTTP Basic, Digest, a client certificate):
    /// the 401 or the failure is the caller's to see, never a hang.
    func urlSession(
      _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
      completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
      completionHandler(.performDefaultHandling, nil)
    }
  }
}
