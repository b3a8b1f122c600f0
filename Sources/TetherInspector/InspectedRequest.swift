import Foundation
import TetherCore

/// One HTTP request of the inspected process, as its viewers see it in their network log:
/// what was sent, what came back, how long it took and which store's run caused it.
/// Credentials are redacted before a record is made (`TetherInspectorHTTP` does it).
public struct InspectedRequest: Sendable, Identifiable {
  /// The record's number, from 1.
  public let id: UInt64
  public var method: String
  /// The URL, credentials redacted.
  public var url: String
  /// The path and query of the URL.
  public var target: String
  public var startDate: Date
  public var requestHeaders: [(name: String, value: String)]
  /// The store run that caused it, and which attempt.
  public var origin: RequestOrigin?
  /// How long it took; nil while in flight.
  public var duration: Duration?
  public var status: Int?
  /// Why it failed, when no status says it.
  public var failure: String?
  public var bytes: Int?
  public var responseHeaders: [(name: String, value: String)] = []
  /// The first bytes of the response body (``InspectorNetwork/bodyPrefixLimit``).
  public var bodyPrefix = Data()
  /// The fault an injector put in the request (`client: 503`).
  public var injectedFault: String?

  /// A request going out; its outcome is set when it ends.
  public init(
    id: UInt64, method: String, url: String, target: String, startDate: Date,
    requestHeaders: [(name: String, value: String)] = [], origin: RequestOrigin? = nil
  ) {
    self.id = id
    self.method = method
    self.url = url
    self.target = target
    self.startDate = startDate
    self.requestHeaders = requestHeaders
    self.origin = origin
  }
}
