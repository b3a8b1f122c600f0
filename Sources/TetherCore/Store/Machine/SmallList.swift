/// A list that keeps its first element inline: the waiters of a run, the effects of one
/// change, the runs in flight are nearly always zero or one, so most never allocate.
@usableFromInline
struct SmallList<Element> {
  @usableFromInline
  var first: Element?
  @usableFromInline
  var rest: [Element] = []

  @inlinable init() {}

  @inlinable init(_ element: Element?) {
    first = element
  }

  @inlinable var isEmpty: Bool { first == nil }

  @inlinable var count: Int { first == nil ? 0 : 1 + rest.count }

  @inlinable
  mutating func append(_ element: Element) {
    if first == nil {
      first = element
    } else {
      rest.append(element)
    }
  }

  @inlinable
  mutating func append(contentsOf other: SmallList) {
    for element in other { append(element) }
  }

  /// Removes and returns the first element that matches.
  @inlinable
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
  @usableFromInline
  struct Iterator: IteratorProtocol {
    @usableFromInline
    let list: SmallList
    @usableFromInline
    var index = -1

    @inlinable init(list: SmallList) {
      self.list = list
    }

    @inlinable
    mutating func next() -> Element? {
      defer { index += 1 }
      if index < 0 { return list.first }
      return index < list.rest.count ? list.rest[index] : nil
    }
  }

  @inlinable
  func makeIterator() -> Iterator { Iterator(list: self) }

  @inlinable var underestimatedCount: Int { count }
}

extension SmallList: Sendable where Element: Sendable {}
