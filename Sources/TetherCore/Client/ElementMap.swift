/// A dictionary keyed by path elements that keeps integer elements in a dictionary of their
/// own: most paths end in an id (`["post", 42]`), and an `Int` key is hashed, compared and
/// copied for a fraction of what an element costs, in a third of the memory.
struct ElementMap<Value> {
  private var integers: [Int: Value] = [:]
  private var others: [OperationPath.Element: Value] = [:]

  var isEmpty: Bool { integers.isEmpty && others.isEmpty }

  subscript(element: OperationPath.Element) -> Value? {
    get { element.kind == .int ? integers[element.int] : others[element] }
    set {
      if element.kind == .int {
        integers[element.int] = newValue
      } else {
        others[element] = newValue
      }
    }
  }

  /// Runs `body` on the value for `element`, inserting `defaultValue()` first if there is
  /// none: one hash and one probe whether the value is found or made.
  mutating func withValue<Result>(
    for element: OperationPath.Element, default defaultValue: @autoclosure () -> Value,
    _ body: (inout Value) -> Result
  ) -> Result {
    element.kind == .int
      ? body(&integers[element.int, default: defaultValue()])
      : body(&others[element, default: defaultValue()])
  }

  @discardableResult
  mutating func removeValue(for element: OperationPath.Element) -> Value? {
    element.kind == .int
      ? integers.removeValue(forKey: element.int) : others.removeValue(forKey: element)
  }

  /// Every value, in no particular order.
  func forEachValue(_ body: (Value) -> Void) {
    for value in integers.values { body(value) }
    for value in others.values { body(value) }
  }
}
