import Synchronization

/// A thread-safe list tests append to from interceptors and observers.
final class Recorder<Element: Sendable>: Sendable {
  private let storage = Mutex<[Element]>([])

  func append(_ element: Element) { storage.withLock { $0.append(element) } }

  var elements: [Element] { storage.withLock { $0 } }
}
