import Testing

/// The landing page's example runs as it says: two seconds pass on the test clock at once.
@Suite struct TetherTimeExampleTests {
  @Test func theExampleWaitsTwoSecondsOnTheTestClock() async throws {
    #expect(try await waitsTwoSecondsOnTheTestClock())
  }
}
