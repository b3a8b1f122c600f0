import Testing

@testable import TetherInspectorHTTP

@Suite struct InspectorNetworkObserverTests {
  @Test func anInjectedFailureSaysWhichSideInjectedIt() {
    #expect(InspectorNetworkObserver.injectedFault("server 503") == "server: 503")
    #expect(InspectorNetworkObserver.injectedFault("server truncated") == "server: truncated")
    #expect(InspectorNetworkObserver.injectedFault("503") == "client: 503")
    #expect(InspectorNetworkObserver.injectedFault(" client 429 ") == "client: 429")
  }
}
