enum RenderSuite {
  static func run() async throws {
    print("Render suite: not built yet")
  }
}
