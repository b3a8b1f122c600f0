// Mirrors a Swift block of Sources/TetherCore/TetherCore.docc/GettingStarted.md as written; DocumentationTests checks it.

import TetherCore

func gettingStartedExample() async throws {
  struct Weather: Sendable, Equatable {
    var city: String
    var celsius: Double

    static func fetch(in city: String) async throws -> Weather { Weather(city: city, celsius: 21) }
  }

  let client = OperationClient()
  let weather = client.store(
    for: Query(["weather", "Vienna"]) { _ in try await Weather.fetch(in: "Vienna") }
      .retry(limit: 3)
      .stale(after: .seconds(60)))

  let subscription = weather.subscribe { state in
    if state.isLoading { print("Loading…") }
    if let value = state.currentValue { print("\(value.city): \(value.celsius) °C") }
    if let error = state.error { print("Failed: \(error)") }
  }
  let current = try await weather.fetch()  // a second caller now would share this run
  print(current.celsius)
  client.invalidate(matching: ["weather"])  // observed stores refetch, the others go stale
  subscription.cancel()
}
