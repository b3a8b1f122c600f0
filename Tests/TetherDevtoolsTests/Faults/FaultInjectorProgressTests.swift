import EndToEndSupport
import Foundation
import Testing
import TetherCore
import TetherDevtoolsHTTP
import TetherHTTP

@Suite("Client fault injector and progress")
struct FaultInjectorProgressTests {
  @Test("a transport wrapped by the fault injector still reports a download's progress")
  func forwardsProgress() async throws {
    let server = try StallingServer(bodySize: 2 << 20, stallAfter: 1 << 20)
    defer { server.stop() }
    let faults = ClientFaultInjector(seed: 1)
    let api = APIClient(
      baseURL: server.url, defaults: .loopbackGuard,
      transport: faults.wrapping(CurlTransport(configuration: .init(proxies: .none))))
    let (reports, reporter) = AsyncStream.makeStream(of: TransferProgress.self)
    let download = Task {
      try await api.send(
        Endpoint<Data>(.get, "big") { data, _ in data }, progress: { reporter.yield($0) })
    }
    for await report in reports where report.bytesReceived >= 1 << 20 {
      #expect(report.bytesToReceive == 2 << 20)
      break
    }
    server.proceed()
    #expect(try await download.value.count == 2 << 20)
  }
}
