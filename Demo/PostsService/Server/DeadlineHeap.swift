/// The deadlines of an event loop's connections, earliest first: a binary min-heap indexed by
/// connection slot, so setting, moving or clearing a slot's one deadline is O(log n) and the
/// loop learns the next one in O(1).
struct DeadlineHeap {
  typealias Instant = ContinuousClock.Instant

  private var heap: [(slot: Int, deadline: Instant)] = []
  /// `positions[slot]` is the slot's index in `heap`, or -1.
  private var positions: [Int] = []

  var isEmpty: Bool { heap.isEmpty }

  /// The earliest deadline and its slot.
  var first: (slot: Int, deadline: Instant)? { heap.first }

  /// Sets the deadline of `slot`, replacing any earlier one; `nil` clears it.
  mutating func set(_ slot: Int, to deadline: Instant?) {
    if slot >= positions.count {
      positions.append(contentsOf: repeatElement(-1, count: slot - positions.count + 1))
    }
    let position = positions[slot]
    switch (position >= 0, deadline) {
    case (false, nil):
      return
    case (false, let deadline?):
      heap.append((slot, deadline))
      positions[slot] = heap.count - 1
      siftUp(heap.count - 1)
    case (true, nil):
      remove(at: position)
    case (true, let deadline?):
      let earlier = deadline < heap[position].deadline
      heap[position].deadline = deadline
      if earlier { siftUp(position) } else { siftDown(position) }
    }
  }

  /// The deadline of `slot`, if it has one.
  func deadline(of slot: Int) -> Instant? {
    guard slot < positions.count, positions[slot] >= 0 else { return nil }
    return heap[positions[slot]].deadline
  }

  private mutating func remove(at position: Int) {
    positions[heap[position].slot] = -1
    let last = heap.removeLast()
    guard position < heap.count else { return }
    heap[position] = last
    positions[last.slot] = position
    siftUp(position)
    siftDown(positions[last.slot])
  }

  private mutating func siftUp(_ start: Int) {
    var child = start
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].deadline < heap[parent].deadline else { return }
      swapAt(child, parent)
      child = parent
    }
  }

  private mutating func siftDown(_ start: Int) {
    var parent = start
    while true {
      var smallest = parent
      let left = 2 * parent + 1
      let right = left + 1
      if left < heap.count && heap[left].deadline < heap[smallest].deadline { smallest = left }
      if right < heap.count && heap[right].deadline < heap[smallest].deadline { smallest = right }
      guard smallest != parent else { return }
      swapAt(parent, smallest)
      parent = smallest
    }
  }

  private mutating func swapAt(_ first: Int, _ second: Int) {
    heap.swapAt(first, second)
    positions[heap[first].slot] = first
    positions[heap[second].slot] = second
  }
}
