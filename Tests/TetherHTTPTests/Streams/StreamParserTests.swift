import Foundation
import Testing

@testable import TetherHTTP

@Suite("Stream parser")
struct StreamParserTests {
  /// Every event of `pieces` fed in that order, then the end.
  func events(
    _ pieces: [String], format: StreamFormat = .serverSentEvents, limit: Int = 1 << 20
  ) throws(HTTPError) -> [StreamEvent] {
    var parser = StreamParser(format: format, maximumEventSize: limit)
    var events: [StreamEvent] = []
    for piece in pieces { try parser.feed(Data(piece.utf8), into: &events) }
    try parser.finish(into: &events)
    return events
  }

  @Test("server-sent events: fields, multi-line data, comments, ids that carry over, retry")
  func serverSentEvents() throws {
    let text = """
      : a comment, then a heartbeat
      :

      id: 1
      event: changed
      data: {"id":1,
      data:  "title":"x"}

      data:no space after the colon
      retry: 2500

      id
      data: after an empty id

      data: dropped: the stream ends before its blank line
      """
    let parsed = try events([text])
    #expect(
      parsed == [
        StreamEvent(id: "1", type: "changed", data: "{\"id\":1,\n \"title\":\"x\"}"),
        StreamEvent(id: "1", data: "no space after the colon", retry: .milliseconds(2500)),
        StreamEvent(id: "", data: "after an empty id"),
      ])
  }

  @Test("pieces may split anything: CR LF, a field name, a UTF-8 sequence; CR alone ends a line")
  func splitAnywhere() throws {
    let whole = "\u{FEFF}id: 7\r\ndata: caf\u{E9}\r\n\r\ndata: cr\r\rdata: lf\n\n"
    let bytes = Array(whole.utf8)
    let expected = [
      StreamEvent(id: "7", data: "caf\u{E9}"), StreamEvent(id: "7", data: "cr"),
      StreamEvent(id: "7", data: "lf"),
    ]
    for cut in 1..<bytes.count {
      var parser = StreamParser(format: .serverSentEvents, maximumEventSize: 1024)
      var parsed: [StreamEvent] = []
      try parser.feed(Data(bytes[..<cut]), into: &parsed)
      try parser.feed(Data(bytes[cut...]), into: &parsed)
      #expect(parsed == expected, "cut at \(cut)")
    }
  }

  @Test("JSON lines: one event a line, blank lines skipped, CR LF and a last line without LF")
  func jsonLines() throws {
    let parsed = try events(["{\"a\":1}\r\n\n  \n{\"a\"", ":2}\n{\"a\":3}"], format: .jsonLines)
    #expect(parsed.map(\.data) == [#"{"a":1}"#, #"{"a":2}"#, #"{"a":3}"#])
  }

  @Test("an event over the limit fails as eventTooLarge, however it grows")
  func eventTooLarge() {
    let long = String(repeating: "x", count: 200)
    for (pieces, format) in [
      (["data: \(long)\n\n"], StreamFormat.serverSentEvents),
      (["data: \(long.prefix(60))\n", "data: \(long.prefix(60))\n"], .serverSentEvents),
      (Array(repeating: "x", count: 101), .jsonLines),
    ] {
      #expect {
        try events(pieces, format: format, limit: 100)
      } throws: { error in
        guard case .eventTooLarge(let limit) = error as? HTTPError else { return false }
        return limit == 100
      }
    }
    #expect(
      HTTPError.eventTooLarge(limit: 1 << 20).description
        == "An event of the stream is larger than 1 MiB, the most it accepts.")
  }
}
