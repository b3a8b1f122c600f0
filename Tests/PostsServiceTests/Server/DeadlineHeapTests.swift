import Testing

@testable import PostsService

@Suite("Deadline heap")
struct DeadlineHeapTests {
  @Test func givesTheEarliestDeadlineAsSlotsAreSetMovedAndCleared() {
    let start = ContinuousClock.now
    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }
    var heap = DeadlineHeap()
    var random = SeededRandom(seed: 3)
    var expected: [Int: ContinuousClock.Instant] = [:]
    for step in 0..<5000 {
      let slot = random.integer(in: 0...200)
      if random.integer(in: 0...3) == 0 {
        heap.set(slot, to: nil)
        expected[slot] = nil
      } else {
        let deadline = at(random.integer(in: 0...100_000))
        heap.set(slot, to: deadline)
        expected[slot] = deadline
      }
      if step.isMultiple(of: 7), let first = heap.first {
        #expect(first.deadline == expected.values.min())
        #expect(expected[first.slot] == first.deadline)
      }
      #expect(heap.deadline(of: slot) == expected[slot])
    }
    var popped: [ContinuousClock.Instant] = []
    while let first = heap.first {
      popped.append(first.deadline)
      heap.set(first.slot, to: nil)
    }
    #expect(popped == expected.values.sorted())
  }
}
