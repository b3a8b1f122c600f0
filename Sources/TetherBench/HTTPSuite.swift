enum HTTPSuite {
  static func run() async throws {
    print("HTTP suite: not built yet")
  }
}
