import Foundation
import Glibc
import Testing
import TetherAttach
import TetherCore
import TetherInspector
import TetherSystem

/// Recordings: made 0600, read back up to their last whole line, replayed at any time.
@Suite struct RecordingTests {
  func line(_ text: String) -> [UInt8] { Array(text.utf8) }

  let hello = #"{"type":"hello","protocol":1,"pid":42,"name":"w","started":0,"now":0,"stores":1}"#

  func store(runs: Int, status: String) -> String {
    #"{"id":1,"path":["feed"],"kind":"query","status":"\#(status)","fetchStatus":"idle","#
      + #""runs":\#(runs),"date":1000}"#
  }

  @Test func aRecordingIsPrivateAndReplaysStepByStep() throws {
    let scratch = try SocketScratch()
    let path = scratch.path + "/session.tether"
    umask(0)
    defer { umask(0o022) }
    let writer = try Recording.Writer(path: path, source: "w (42)")
    try writer.append(line(hello))
    try writer.append(
      line(
        #"{"type":"snapshot","now":0,"resyncs":0,"stores":[\#(store(runs: 1, status: "pending"))],"network":[]}"#
      ))
    try writer.append(
      line(
        #"{"type":"stores","now":1,"changed":[\#(store(runs: 2, status: "success"))],"removed":[]}"#
      ))
    try writer.append(
      line(
        #"{"type":"log","entries":[{"store":1,"number":1,"date":1000,"run":2,"event":{"type":"succeeded","after":0.5}}]}"#
      ))
    #expect(SocketScratch.mode(path) == 0o600)
    #expect(throws: SystemError.self) { try Recording.Writer(path: path, source: "again") }

    let contents = try Recording.read(path)
    #expect(contents.source == "w (42)")
    #expect(contents.entries.count == 4)
    #expect(!contents.wasCut)
    let replay = Replay(contents, name: "session")
    replay.seek(to: 0)
    // Everything was written at once: every entry is at about the same time; step through.
    var states: [Int] = []
    replay.seek(to: -1)
    while let next = replay.nextChange {
      replay.seek(to: next)
      states.append(replay.source.inspectableStores().first?.snapshot.runCount ?? 0)
      if next >= contents.duration { break }
    }
    #expect(states.last == 2)
    #expect(replay.source.inspectableStores().first?.runLog.count == 1)
    replay.seek(to: 0)
    #expect(replay.source.inspectableStores().count <= 1)
  }

  @Test func aRecordingCutByAKillIsReadUpToItsLastWholeLine() throws {
    let scratch = try SocketScratch()
    let path = scratch.path + "/cut.tether"
    let writer = try Recording.Writer(path: path, source: "w (42)")
    try writer.append(line(hello))
    let descriptor = open(path, O_WRONLY | O_APPEND)
    _ = #"{"at":1.5,"line":{"type":"sto"#.withCString { write(descriptor, $0, strlen($0)) }
    close(descriptor)
    let contents = try Recording.read(path)
    #expect(contents.wasCut)
    #expect(contents.entries.count == 1)
  }

  @Test func somethingElseIsNotARecording() throws {
    let scratch = try SocketScratch()
    let path = scratch.path + "/other.txt"
    _ = FileManager.default.createFile(atPath: path, contents: Data("hello\n".utf8))
    #expect(throws: Recording.ReadError.self) { try Recording.read(path) }
    #expect(throws: Recording.ReadError.self) { try Recording.read(scratch.path + "/missing") }
  }
}
