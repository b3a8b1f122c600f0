enum CoreSuite {
  static func run() async throws {
    print("Core suite: not built yet")
  }
}
