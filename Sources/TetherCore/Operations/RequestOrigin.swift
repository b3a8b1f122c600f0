/// Which store's run sent a request, and which attempt of that run it was: set around each
/// send by the operations that send requests (TetherHTTP's `query`, `mutation` and
/// `paginatedQuery` of an `APIClient`), and readable by everything the send calls on its task —
/// observers, interceptors, the transport — so a network log can say which store caused a
/// request and how many times it has tried. In TetherCore, so that a network log (TetherDevtools)
/// and the client that sends (TetherHTTP) share it without depending on each other.
///
/// ```swift
/// struct Tracer: HTTPObserver {
///   func willSend(_ request: URLRequest) {
///     if let origin = RequestOrigin.current { print("\(origin.path) attempt \(origin.attempt)") }
///   }
/// }
/// ```
public struct RequestOrigin: Sendable, Hashable, CustomStringConvertible {
  /// The path of the store whose run sent the request.
  public var path: OperationPath
  /// The run, as the store's run log names it; nil when the operation ran without a store.
  public var run: OperationRunID?
  /// The attempt of that run, from 1.
  public var attempt: Int

  /// The store, run and attempt that send a request, for the network log.
  public init(path: OperationPath, run: OperationRunID?, attempt: Int) {
    self.path = path
    self.run = run
    self.attempt = attempt
  }

  /// The origin of the operation running on the current task, if any.
  @TaskLocal public static var current: RequestOrigin?

  /// `["post", 1] run #2 attempt 3`.
  public var description: String {
    "\(path)" + (run.map { " run \($0)" } ?? "") + " attempt \(attempt)"
  }
}
