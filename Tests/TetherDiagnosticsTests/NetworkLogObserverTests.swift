import Testing
import TetherHTTP

@testable import TetherDiagnosticsHTTP

@Suite struct NetworkLogObserverTests {
  @Test func anInjectedFailureSaysWhichSideInjectedIt() {
    func fault(_ value: String) -> String {
      NetworkLogObserver.injectedFault(HTTPHeaders.Field(name: "X-Tether-Fault", value: value))
    }
    #expect(fault("server 503") == "server: 503")
    #expect(fault("server truncated") == "server: truncated")
    #expect(fault("503") == "client: 503")
    #expect(fault(" client 429 ") == "client: 429")
  }
}
