/// Deadlines by key, earliest first: a binary min-heap with each key's position kept, so that
/// setting, moving or clearing a key's one deadline is O(log n) and the earliest is known in
/// O(1). The one heap of the package: the garbage collector's, the HTTP client's deadline
/// scheduler's and the Posts service's connection deadlines.
///
/// ```swift
/// var deadlines = DeadlineHeap<Int, Date>()
/// deadlines.set(7, to: now.addingTimeInterval(30))
/// deadlines.set(7, to: nil)                     // cleared
/// while let due = deadlines.first, due.deadline <= now { deadlines.popFirst() }
/// ```
///
/// Inlinable, so that a user's heap is specialised for its key and deadline: unspecialised, each
/// `set` looked the heap's generic metadata up several times (a third of what collecting a new
/// store cost, by `perf`).
public struct DeadlineHeap<Key: Hashable, Deadline: Comparable> {
  /// A key and its deadline.
  public struct Entry {
    public var key: Key
    public var deadline: Deadline

    @usableFromInline
    init(key: Key, deadline: Deadline) {
      self.key = key
      self.deadline = deadline
    }
  }

  @usableFromInline
  var entries: [Entry] = []
  /// Each key's index in `entries`.
  @usableFromInline
  var positions: [Key: Int] = [:]

  /// An empty heap.
  @inlinable
  public init() {}

  @inlinable
  public var isEmpty: Bool { entries.isEmpty }
  @inlinable
  public var count: Int { entries.count }
  /// The earliest deadline and its key.
  @inlinable
  public var first: Entry? { entries.first }

  /// The deadline of `key`, if it has one.
  @inlinable
  public func deadline(of key: Key) -> Deadline? {
    positions[key].map { entries[$0].deadline }
  }

  /// Sets the deadline of `key`, replacing the one it had; nil clears it.
  @inlinable
  public mutating func set(_ key: Key, to deadline: Deadline?) {
    switch (positions[key], deadline) {
    case (nil, nil): return
    case (nil, let deadline?):
      entries.append(Entry(key: key, deadline: deadline))
      positions[key] = entries.count - 1
      siftUp(entries.count - 1)
    case (let position?, nil): remove(at: position)
    case (let position?, let deadline?):
      let isEarlier = deadline < entries[position].deadline
      entries[position].deadline = deadline
      if isEarlier { siftUp(position) } else { siftDown(position) }
    }
  }

  /// Removes and returns the earliest deadline.
  @discardableResult
  @inlinable
  public mutating func popFirst() -> Entry? {
    guard let first = entries.first else { return nil }
    remove(at: 0)
    return first
  }

  /// Removes every deadline, keeping the heap's storage.
  @inlinable
  public mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
    positions.removeAll(keepingCapacity: true)
  }

  @inlinable
  mutating func remove(at position: Int) {
    positions[entries[position].key] = nil
    let last = entries.removeLast()
    guard position < entries.count else { return }
    entries[position] = last
    positions[last.key] = position
    siftUp(position)
    siftDown(positions[last.key]!)
  }

  @inlinable
  mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child].deadline < entries[parent].deadline else { return }
      swapAt(child, parent)
      child = parent
    }
  }

  @inlinable
  mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      var smallest = parent
      let left = 2 * parent + 1
      let right = left + 1
      if left < entries.count, entries[left].deadline < entries[smallest].deadline {
        smallest = left
      }
      if right < entries.count, entries[right].deadline < entries[smallest].deadline {
        smallest = right
      }
      guard smallest != parent else { return }
      swapAt(parent, smallest)
      parent = smallest
    }
  }

  @inlinable
  mutating func swapAt(_ first: Int, _ second: Int) {
    entries.swapAt(first, second)
    positions[entries[first].key] = first
    positions[entries[second].key] = second
  }
}

extension DeadlineHeap: Sendable where Key: Sendable, Deadline: Sendable {}
extension DeadlineHeap.Entry: Sendable where Key: Sendable, Deadline: Sendable {}
