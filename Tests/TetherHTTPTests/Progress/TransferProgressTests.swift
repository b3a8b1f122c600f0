import EndToEndSupport
import Foundation
import Testing
import TetherCore
import TetherSynchronization

@testable import TetherHTTP

@Suite("Transfer progress")
struct TransferProgressTests {
  let api = { (server: StallingServer) in
    APIClient(
      baseURL: server.url, defaults: RequestDefaults(timeouts: .loopbackGuard),
      transport: CurlTransport(configuration: .init(proxies: .none)))
  }

  static let data = Endpoint<Data>(.get, "big") { data, _ in data }

  @Test("a download reports bytes received of the known total, and ends whole")
  func download() async throws {
    let server = try StallingServer(bodySize: 8 << 20, stallAfter: 1 << 20)
    defer { server.stop() }
    let (reports, reporter) = AsyncStream.makeStream(of: TransferProgress.self)
    let api = api(server)
    let download = Task { try await api.send(Self.data, progress: { reporter.yield($0) }) }
    var seen: [TransferProgress] = []
    for await report in reports {
      seen.append(report)
      if report.bytesReceived >= 1 << 20 { break }
    }
    server.proceed()
    #expect(try await download.value.count == 8 << 20)
    // Reports are throttled in real time: one may come before the response's head (a loaded
    // run is slow to answer), with nothing received and the total not known yet. From the
    // head on, every report carries the total.
    let fromTheHead = seen.drop { $0.bytesToReceive == nil }
    #expect(seen.dropLast(fromTheHead.count).allSatisfy { $0.bytesReceived == 0 })
    #expect(!fromTheHead.isEmpty && fromTheHead.allSatisfy { $0.bytesToReceive == 8 << 20 })
    #expect(seen.allSatisfy { $0.bytesSent == 0 })
    #expect(seen.map(\.bytesReceived) == seen.map(\.bytesReceived).sorted())
    #expect(seen.last?.fractionCompleted == 0.125)
  }

  @Test("a query's store holds the progress of its run in flight, and drops it when it ends")
  func inTheStore() async throws {
    let server = try StallingServer(bodySize: 4 << 20, stallAfter: 1 << 20)
    defer { server.stop() }
    let operations = OperationClient(clock: SystemClock(), connectivity: ManualCondition(true))
    let store = operations.store(for: api(server).query(Self.data))
    let (states, continuation) = AsyncStream.makeStream(of: TransferProgress?.self)
    let subscription = store.subscribe { continuation.yield($0.transferProgress) }
    defer { subscription.cancel() }
    let fetch = Task { try await store.fetch() }
    for await progress in states where (progress?.bytesReceived ?? 0) >= 1 << 20 {
      #expect(progress?.bytesToReceive == 4 << 20)
      break
    }
    server.proceed()
    #expect(try await fetch.value.count == 4 << 20)
    #expect(store.state.transferProgress == nil)
  }

  @Test("an upload reports bytes sent, and cancelling it half-way ends it at once")
  func cancelledUpload() async throws {
    let server = try StallingServer(stallAfter: 1 << 20)
    defer { server.stop() }
    let file = try TemporaryFile(Data(repeating: 3, count: 32 << 20))
    defer { file.remove() }
    var form = MultipartForm()
    form.append("file", file: file.url)
    let total = try form.contentLength()
    let (reports, reporter) = AsyncStream.makeStream(of: TransferProgress.self)
    let api = api(server)
    let upload = Task {
      try await api.send(
        Endpoint<Void>(.post, "uploads", body: .multipart(form)), progress: { reporter.yield($0) })
    }
    var halfWay: TransferProgress?
    for await report in reports where report.bytesSent > 0 {
      halfWay = report
      break
    }
    upload.cancel()
    guard case .cancelled = await upload.result.httpError else {
      Issue.record("expected a cancellation")
      return
    }
    #expect(halfWay?.bytesToSend == total)
    #expect((halfWay?.bytesSent ?? total) < total)
    #expect(server.received < total)
  }

  @Test("fractionCompleted follows the side under way, and is nil without a total")
  func fraction() {
    #expect(TransferProgress(bytesReceived: 5, bytesToReceive: 10).fractionCompleted == 0.5)
    #expect(TransferProgress(bytesReceived: 5).fractionCompleted == nil)
    #expect(TransferProgress(bytesSent: 3, bytesToSend: 4).fractionCompleted == 0.75)
    #expect(
      TransferProgress(bytesSent: 4, bytesToSend: 4, bytesReceived: 1, bytesToReceive: 4)
        .fractionCompleted == 0.25)
    #expect(TransferProgress().fractionCompleted == nil)
  }
}
