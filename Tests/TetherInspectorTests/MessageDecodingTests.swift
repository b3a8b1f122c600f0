import Foundation
import Testing
import TetherCore
import TetherInspector

/// Lines a viewer reads straight from their text: garbage in a field costs that field or that
/// element, never the line or the process.
@Suite struct MessageDecodingTests {
  func message(_ text: String) throws -> InspectorMessage {
    try InspectorMessage(line: Array(text.utf8)) { _ in (["n"], .query) }
  }

  @Test func aStoreOrAnEntryThatCannotBeReadIsSkippedAndTheRestKept() throws {
    let line = try message(
      #"{"type":"stores","changed":[7,{"id":1},{"id":2,"path":["n"],"kind":"query","#
        + #""status":"success","fetchStatus":"idle","date":5,"runs":"many"}],"removed":[3,"x"]}"#)
    guard case .stores(let changed, let removed) = line else {
      Issue.record("not a stores line: \(line)")
      return
    }
    #expect(changed.map(\.id) == [2])
    #expect(changed.first?.snapshot.runCount == 0)  // of the wrong type: its default
    #expect(removed == [3])
  }

  @Test func aDurationOutOfRangeReadsAsZeroNotATrap() throws {
    let line = try message(
      #"{"type":"log","entries":[{"store":1,"number":1,"date":1e300,"event":{"type":"succeeded"}},"#
        + #"{"store":1,"number":2,"date":0,"event":{"type":"succeeded","after":1e300}}]}"#)
    guard case .log(let entries) = line else {
      Issue.record("not a log line: \(line)")
      return
    }
    #expect(entries.map(\.entry.id) == [1, 2])
    guard case .succeeded(let after)? = entries.last?.entry.event else {
      Issue.record("not a success: \(entries)")
      return
    }
    #expect(after == .zero)
  }

  @Test func aLineThatIsNotJSONSaysWhy() {
    #expect(throws: InspectorProtocolError.self) { try message(#"{"type":"stores","#) }
    #expect(throws: InspectorProtocolError.self) { try message(#"[1,2]"#) }
  }
}
