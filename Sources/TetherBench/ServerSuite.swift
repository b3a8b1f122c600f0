enum ServerSuite {
  static func run() async throws {
    print("Server suite: not built yet")
  }
}
