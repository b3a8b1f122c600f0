import TetherSynchronization

/// A thread-safe list tests append to from interceptors and observers.
final class Recorder<Element: Sendable>: Sendable {
  private let storage = SanitizerVisibleMutex<[Element]>([])

  func append(_ element: Element) { storage.withLock { $0.append(element) } }

  var elements: [Element] { storage.withLock { $0 } }
}
