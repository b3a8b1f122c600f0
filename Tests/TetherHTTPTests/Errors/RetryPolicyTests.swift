import Foundation
import Testing
import TetherCore

@testable import TetherHTTP

@Suite("HTTP retry policy")
struct RetryPolicyTests {
  @Test(
    "status codes: retry 408, 429, 5xx; not other 4xx",
    arguments: [
      (400, RetryDecision.doNotRetry), (401, .doNotRetry), (403, .doNotRetry),
      (404, .doNotRetry), (409, .doNotRetry), (422, .doNotRetry),
      (408, .retry), (429, .retry), (500, .retry), (502, .retry), (503, .retry), (504, .retry),
    ])
  func statusDecisions(statusCode: Int, expected: RetryDecision) {
    let error = HTTPError.unacceptableStatus(StatusFailure(statusCode: statusCode))
    #expect(error.retryDecision == expected)
  }

  @Test("transport failures and timeouts retry; decoding, invalid requests and cancellation do not")
  func otherDecisions() {
    #expect(HTTPError.transportFailed(URLError(.networkConnectionLost)).retryDecision == .retry)
    #expect(HTTPError.timedOut(after: .seconds(1)).retryDecision == .retry)
    let decoding = DecodingFailure(typeName: "Post", codingPath: "", reason: "", bodyPrefix: "")
    #expect(HTTPError.decodingFailed(decoding).retryDecision == .doNotRetry)
    #expect(HTTPError.invalidRequest("bad").retryDecision == .doNotRetry)
    #expect(HTTPError.cancelled.retryDecision == .doNotRetry)
  }

  @Test("Retry-After in seconds on 429 and 503 is honoured, not on other statuses")
  func retryAfterSeconds() async throws {
    let transport = MockTransport()
    for status in [429, 503, 500] {
      transport.respond(
        to: .get, "/\(status)", with: .text("", statusCode: status, headers: ["Retry-After": "7"]))
    }
    let client = APIClient(
      baseURL: URL(string: "https://h")!, transport: transport, clock: TestClock())
    var decisions: [RetryDecision] = []
    for status in [429, 503, 500] {
      do {
        try await client.send(Endpoint<Void>(.get, "\(status)"))
      } catch {
        decisions.append(error.retryDecision)
      }
    }
    #expect(decisions == [.retryAfter(.seconds(7)), .retryAfter(.seconds(7)), .retry])
  }

  @Test("Retry-After as an HTTP date is measured from the client's clock")
  func retryAfterDate() async throws {
    // Sun, 06 Nov 1994 08:49:37 GMT
    let clock = TestClock(now: Date(timeIntervalSince1970: 784_111_777))
    let transport = MockTransport()
    transport.respond(
      to: .get, "/busy",
      with: .text("", statusCode: 503, headers: ["Retry-After": "Sun, 06 Nov 1994 08:50:07 GMT"]))
    let client = APIClient(baseURL: URL(string: "https://h")!, transport: transport, clock: clock)
    let error = await #expect(throws: HTTPError.self) {
      try await client.send(Endpoint<Void>(.get, "busy"))
    }
    #expect(error?.retryDecision == .retryAfter(.seconds(30)))
  }

  @Test(
    "Retry-After accepts the three HTTP date forms and rejects junk",
    arguments: [
      ("Sun, 06 Nov 1994 08:49:47 GMT", Duration?.some(.seconds(10))),
      ("Sunday, 06-Nov-94 08:49:47 GMT", .some(.seconds(10))),
      ("Sun Nov  6 08:49:47 1994", .some(.seconds(10))),
      ("Sun, 06 Nov 1994 08:00:00 GMT", .some(.zero)),
      ("120", .some(.seconds(120))),
      ("-5", nil),
      ("soon", nil),
    ])
  func retryAfterForms(value: String, expected: Duration?) {
    #expect(
      RetryAfter.delay(from: value, now: Date(timeIntervalSince1970: 784_111_777)) == expected)
  }
}
