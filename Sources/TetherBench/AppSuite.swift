enum AppSuite {
  static func run() async throws {
    print("App suite: not built yet")
  }
}
