/// A fault the server applied to one request, as reported in request logs.
public enum InjectedFault: Sendable, Equatable, CustomStringConvertible {
  /// The response was held back this long.
  case latency(Duration)
  /// The request was answered with this status (one of `FaultPlan.failureStatuses`)
  /// instead of being handled.
  case failure(status: Int)
  /// The response body was cut short, so it is not valid JSON.
  case malformedBody
  /// The connection was closed without an answer.
  case droppedConnection

  public var description: String {
    switch self {
    case .latency(let duration): "latency \(RequestLogEntry.format(duration))"
    case .failure(let status): "failure \(status)"
    case .malformedBody: "malformed body"
    case .droppedConnection: "dropped connection"
    }
  }
}
