/// Input for tests: events queued by the test and delivered on the loop's next step.
///
/// ```swift
/// let input = ScriptedInput()
/// input.type("hello")
/// input.send(.enter)
/// loop.runUntilIdle()
/// ```
public final class ScriptedInput: InputSource {
  private var queue: [Input] = []

  /// An input with nothing queued.
  public init() {}

  public var readinessDescriptors: [Int32] { [] }

  public func read() -> [Input] {
    defer { queue.removeAll() }
    return queue
  }

  /// Queues a key press.
  public func send(_ key: Key) {
    queue.append(.event(.key(key)))
  }

  /// Queues any event.
  public func send(_ event: Event) {
    queue.append(.event(event))
  }

  /// Queues a control request such as ``Input/suspendRequested``.
  public func send(_ input: Input) {
    queue.append(input)
  }

  /// Queues one key press per character of `text`.
  public func type(_ text: String) {
    for character in text { send(Key(.character(character))) }
  }
}
