/// A list that keeps its first element inline: the waiters of a run, the effects of one
/// change, the runs in flight are nearly always zero or one, so most never allocate.
struct SmallList<Element> {
  var first: Element?
  var rest: [Element] = []

  init() {}

  init(_ element: Element?) {
    first = element
  }

  var isEmpty: Bool { first == nil }

  var count: Int { first == nil ? 0 : 1 + rest.count }

  /// Appends `element`, taken, not copied (an action holds existentials and references).
  mutating func append(_ element: consuming Element) {
    if first == nil {
      first = element
    } else {
      rest.append(element)
    }
  }

  mutating func append(contentsOf other: SmallList) {
    for element in other { append(element) }
  }

  /// Calls `body` with each element in order, without an iterator (which copies the list).
  func each(_ body: (Element) -> Void) {
    guard let first else { return }
    body(first)
    for element in rest { body(element) }
  }

  /// Removes and returns the first element that matches.
  mutating func remove(where matches: (Element) -> Bool) -> Element? {
    guard let first else { return nil }
    if matches(first) {
      self.first = rest.isEmpty ? nil : rest.removeFirst()
      return first
    }
    guard let index = rest.firstIndex(where: matches) else { return nil }
    return rest.remove(at: index)
  }
}

extension SmallList: Sequence {
  struct Iterator: IteratorProtocol {
    let list: SmallList
    var index = -1

    init(list: SmallList) {
      self.list = list
    }

    mutating func next() -> Element? {
      defer { index += 1 }
      if index < 0 { return list.first }
      return index < list.rest.count ? list.rest[index] : nil
    }
  }

  func makeIterator() -> Iterator { Iterator(list: self) }

  var underestimatedCount: Int { count }
}

extension SmallList: Sendable where Element: Sendable {}
