import Foundation
import Glibc
import Testing
import TetherSystem

/// A process's exit as its pidfd tells it: each case ends the process (or the wait) by an
/// explicit event — closing its input, `cancel()` — never by waiting a while.
@Suite struct ProcessExitTests {
  @Test func aRunningProcessHasNotExitedUntilItEndsThenTheWaitReturns() throws {
    let input = Pipe()
    let cat = Process()
    cat.executableURL = URL(fileURLWithPath: "/bin/cat")
    cat.standardInput = input
    cat.standardOutput = FileHandle.nullDevice
    try cat.run()
    let exit = try ProcessExit(of: cat.processIdentifier)
    #expect(exit.process == cat.processIdentifier)
    #expect(!exit.hasExited, "cat waits for its input")
    try input.fileHandleForWriting.close()  // the end of its input: cat exits
    #expect(exit.wait())
    #expect(exit.hasExited)
    cat.waitUntilExit()
  }

  @Test func aProcessGoneAlreadyHasExited() throws {
    let done = Process()
    done.executableURL = URL(fileURLWithPath: "/bin/true")
    try done.run()
    done.waitUntilExit()  // exited and reaped: no such process any more
    let exit = try ProcessExit(of: done.processIdentifier)
    #expect(exit.hasExited)
    #expect(exit.wait())
  }

  @Test func cancellingEndsAWaitInProgressAndLaterOnes() async throws {
    let exit = try ProcessExit(of: getpid())  // this process: it never exits during the test
    #expect(!exit.hasExited)
    let waited = Task.detached { exit.wait() }
    exit.cancel()
    #expect(await waited.value == false)
    #expect(!exit.wait(), "a later wait returns at once")
  }
}
