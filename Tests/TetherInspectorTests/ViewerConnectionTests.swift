import Glibc
import Testing

@testable import TetherInspector

/// A viewer whose connection broke is closed with nothing left to send, so no later flush
/// writes to its descriptor's number — which by then may be another socket of the process: a
/// vanished viewer's hello and snapshot once reached an HTTP connection the posts service of
/// another test had accepted meanwhile.
@Suite struct ViewerConnectionTests {
  @Test func aBrokenViewerIsClosedWithNothingLeftToSend() {
    var ends: [Int32] = [0, 0]
    #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    close(ends[1])  // the viewer went away
    let viewer = ViewerConnection(token: 1, descriptor: ends[0])
    viewer.send(Array(repeating: UInt8(ascii: "x"), count: 100), limit: 0, always: true)
    viewer.flush()
    #expect(viewer.isClosed)
    #expect(!viewer.hasOutput, "nothing is left for a later flush to write")
    viewer.send(Array("more\n".utf8), limit: 0, always: true)
    viewer.flush()
    #expect(!viewer.hasOutput)
  }
}
