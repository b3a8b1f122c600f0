import Foundation
import Testing
import TetherSynchronization

@testable import TetherCore

@Suite struct TransferProgressTests {
  let clock = TestClock()

  @Test func aRunsTransferReportsShowInTheStateUntilTheRunEnds() async throws {
    let runs = ScriptedRuns<String>()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<String, any Error>(["download"]) { _, continuation in
        continuation.reportTransfer(TransferProgress(bytesReceived: 10, bytesToReceive: 40))
        return try await runs.run()
      }.enabled(false))
    #expect(store.state.transferProgress == nil)
    let recorder = StateRecorder(store)
    let fetch = Task { try await store.fetch() }
    let reported = await recorder.next { $0.transferProgress != nil }
    #expect(reported.transferProgress?.fractionCompleted == 0.25)
    #expect(reported.isFetching)
    await runs.waitForStarts(1)
    runs.succeed("done")
    #expect(try await fetch.value == "done")
    #expect(store.state.transferProgress == nil)
  }

  @Test func aReportAfterTheRunEndedIsIgnored() async throws {
    let late = ContinuationBox()
    let store = OperationClient.testing(clock: clock).store(
      for: Query<String, any Error>(["late"]) { _, continuation in
        late.set(continuation)
        return "done"
      }.enabled(false))
    _ = try await store.fetch()
    late.report(TransferProgress(bytesSent: 1, bytesToSend: 2))
    #expect(store.state.transferProgress == nil)
  }

  final class ContinuationBox: Sendable {
    private let continuation = SanitizerVisibleMutex<OperationContinuation<String, any Error>?>(
      nil)
    func set(_ continuation: OperationContinuation<String, any Error>) {
      self.continuation.withLock { $0 = continuation }
    }
    func report(_ progress: TransferProgress) {
      continuation.withLock { $0 }?.reportTransfer(progress)
    }
  }
}
