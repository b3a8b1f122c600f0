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
/// waiting for its first byte ends at its idle timeout (its caller has its answer at once).
/// Cancelling such a task on the session's serial delegate queue is not safe either: under the
/// 2,000-cancellation stress test FoundationNetworking trapped ("a task that is not in the
/// registry") in 5 of 6 runs, as a cancel's failure report can still follow the completion's
/// registry removal. The body is collected by the delegate and refused once it passes the size
/// cap.
///
/// Known FoundationNetworking defects, which ``CurlTransport`` does not have:
/// - a 307 or 308 redirect of a request with a body arrives without the body;
/// - a body stream is sent chunked, which many servers refuse, so a ``MultipartForm`` is read
///   into memory and sent whole;
/// - a cookie deleted with `Max-Age=0` is sent again (when the configuration stores cookies);
/// - `URLRequest.timeoutInterval` is its only timeout: there is no separate connect timeout
///   (the client's total deadline still ends a stuck request on time).
public final class URLSessionTransport: HTTPTransport, ExchangeTransport {
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
    try await sendThroughExchange(request, limits: limits)
  }

  func start(_ request: URLRequest, limits: TransportLimits, exchange: TransportExchange) {
    var request = request
    request.timeoutInterval = limits.idleTimeout.timeInterval
    if let multipart = request.httpBodyStream as? MultipartBodyStream {
      // URLSession sends a body stream chunked, which many servers refuse: the form goes whole,
      // its files read into memory (``CurlTransport`` streams them with their length).
      do {
        request.httpBody = try multipart.form.encoded()
      } catch {
        exchange.finish(.failure(error))
        return
      }
    }
    let task = session.dataTask(with: request)
    delegate.register(Exchange(exchange, limit: limits.maximumResponseSize), for: task)
    // Only the task's own callbacks ever cancel it, so resuming here cannot follow a cancel.
    // An abandoned exchange stops the task at its next callback.
    task.resume()
  }

  /// One data task's exchange with its caller, and the response and body collected so far.
  final class Exchange: Sendable {
    private struct State {
      var metadata: HTTPURLResponse?
      var body = Data()
    }

    let limit: Int
    private let completion: TransportExchange
    private let state = SanitizerVisibleMutex(State())

    init(_ completion: TransportExchange, limit: Int) {
      self.completion = completion
      self.limit = limit
    }

    /// Whether the caller has been answered.
    var isFinished: Bool { completion.isFinished }

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
      if isFinished { return false }
      let fits = state.withLock { state -> Bool in
        guard state.body.count + data.count <= limit else { return false }
        state.body.append(data)
        return true
      }
      if !fits { finish(.failure(HTTPError.responseTooLarge(limit: limit))) }
      return fits
    }

    /// Ends the exchange with the collected response, or `error`.
    func complete(_ error: (any Error)?) {
      let result = state.withLock { state -> Result<HTTPResponse, any Error> in
        defer { state.body = Data() }
        if let error { return .failure(error) }
        guard let metadata = state.metadata else {
          return .failure(URLError(.badServerResponse))
        }
        return .success(HTTPResponse(metadata: metadata, body: state.body))
      }
      finish(result)
    }

    private func finish(_ outcome: Result<HTTPResponse, any Error>) {
      completion.finish(outcome)
      state.withLock { $0.body = Data() }
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
