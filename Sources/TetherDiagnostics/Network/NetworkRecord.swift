import Foundation
import TetherCore

/// One HTTP request as the network log shows it: what was sent, what came back, how long it
/// took, and which store's run (and which attempt) caused it. Credentials are redacted before
/// a record is made (see `Redaction`).
public struct NetworkRecord: Sendable, Identifiable {
  /// The record's number in its log, from 1.
  public let id: UInt64
  public var method: String
  /// The URL, credentials in its query redacted.
  public var url: String
  /// The path and query of the URL, for the table.
  public var target: String
  public var startDate: Date
  /// How long it took; nil while in flight.
  public var duration: Duration?
  /// The response status; nil while in flight or when no response arrived.
  public var status: Int?
  /// Why it failed (status, transport, decoding, timeout), if it did.
  public var failure: String?
  /// The body's size in bytes, once a response arrived.
  public var bytes: Int?
  public var requestHeaders: [(name: String, value: String)]
  public var responseHeaders: [(name: String, value: String)]
  /// The first bytes of the request body, credentials redacted (see
  /// ``NetworkLog/bodyPrefixLimit``); empty without one.
  public var requestBody = Data()
  /// The first bytes of the response body (see ``NetworkLog/bodyPrefixLimit``).
  public var bodyPrefix: Data
  /// The store run that caused it, and which attempt of that run it was.
  public var origin: RequestOrigin?
  /// The fault an injector put in this request, such as `client: 503`.
  public var injectedFault: String?
  /// Whether the request was cancelled before it was answered (its store's run was cancelled
  /// or replaced): neither a failure nor a success.
  public var isCancelled = false

  /// A request that went out at `startDate`, not yet finished.
  public init(
    id: UInt64, method: String, url: String, target: String, startDate: Date,
    requestHeaders: [(name: String, value: String)] = [], requestBody: Data = Data(),
    origin: RequestOrigin? = nil
  ) {
    self.id = id
    self.requestBody = requestBody
    self.method = method
    self.url = url
    self.target = target
    self.startDate = startDate
    self.requestHeaders = requestHeaders
    self.responseHeaders = []
    self.bodyPrefix = Data()
    self.origin = origin
  }

  /// Whether no outcome has arrived yet.
  public var isInFlight: Bool { duration == nil }

  /// Whether it failed: a status of 400 or more, or no response — a cancelled request did not
  /// fail.
  public var isFailure: Bool { !isCancelled && (failure != nil || (status ?? 0) >= 400) }

  /// Which side injected this request's fault (`client`, `server`), if one did.
  public var injectionSide: String? {
    guard let injectedFault, let colon = injectedFault.firstIndex(of: ":") else { return nil }
    return String(injectedFault[..<colon])
  }

  /// `200`, `503`, `503 client` (injected, and by which side), `failed`, `cancelled`, `…` while
  /// in flight.
  public var statusText: String {
    if let status, let side = injectionSide { return "\(status) \(side)" }
    if let status { return "\(status)" }
    if isCancelled { return "cancelled" }
    return isInFlight ? "…" : "failed"
  }
}

/// What ends a request in the log.
public struct NetworkOutcome: Sendable {
  public var duration: Duration
  public var status: Int?
  public var failure: String?
  public var bytes: Int?
  public var responseHeaders: [(name: String, value: String)]
  public var bodyPrefix: Data
  public var injectedFault: String?
  /// Whether the request was cancelled before an answer came.
  public var isCancelled: Bool

  /// How a request ended after `duration`: its status or failure, and what came back.
  public init(
    duration: Duration, status: Int? = nil, failure: String? = nil, bytes: Int? = nil,
    responseHeaders: [(name: String, value: String)] = [], bodyPrefix: Data = Data(),
    injectedFault: String? = nil, isCancelled: Bool = false
  ) {
    self.isCancelled = isCancelled
    self.duration = duration
    self.status = status
    self.failure = failure
    self.bytes = bytes
    self.responseHeaders = responseHeaders
    self.bodyPrefix = bodyPrefix
    self.injectedFault = injectedFault
  }
}
