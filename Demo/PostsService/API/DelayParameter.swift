/// dummyjson's `delay=MS` query parameter, accepted on every route: the answer is held back
/// this many milliseconds, 0 to 5000 — handy for testing timeouts and retries from any client.
struct DelayParameter {
  static let maximum = Duration.milliseconds(5000)

  /// The wait, or `nil` without the parameter or when it is invalid (the API answers 400).
  let duration: Duration?
  /// Why the value cannot be used.
  let error: APIError?

  init(_ query: [String: String]) {
    guard let text = query["delay"], !text.isEmpty else {
      (duration, error) = (nil, nil)
      return
    }
    guard let milliseconds = JavaScript.number(text), milliseconds >= 0 else {
      (duration, error) = (nil, .badRequest("Delay should be a positive number in milliseconds"))
      return
    }
    guard milliseconds <= 5000 else {
      (duration, error) = (
        nil, .badRequest("Delay should be less than 5 seconds (5000 milliseconds)")
      )
      return
    }
    (duration, error) = (.milliseconds(Int(milliseconds)), nil)
  }
}
