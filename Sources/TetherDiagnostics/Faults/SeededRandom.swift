/// A small deterministic random source (SplitMix64): the one seeded generator of the package,
/// drawing the faults of the client's injector and of the Posts service, and the service's
/// generated data.
///
/// It does not conform to `RandomNumberGenerator` on purpose: the standard library's
/// `random(in:using:)` and `shuffled(using:)` algorithms may change between toolchains, which would
/// change the generated posts and the fault sequence for a given seed. Every draw goes through the
/// methods below instead, so a seed means the same thing everywhere.
package struct SeededRandom: Sendable {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// A uniform value in `0..<1`.
  package mutating func unitInterval() -> Double {
    Double(next() >> 11) * 0x1p-53
  }

  /// A uniform integer in `range` (the modulo bias is negligible for the small ranges used here).
  package mutating func integer(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next() % width)
  }

  /// A uniform element of `elements`, which must not be empty.
  package mutating func element<T>(of elements: [T]) -> T {
    elements[integer(in: 0...(elements.count - 1))]
  }

  /// `count` distinct elements of `elements`, in draw order.
  package mutating func distinctElements<T>(_ count: Int, of elements: [T]) -> [T] {
    var pool = elements
    var chosen: [T] = []
    for _ in 0..<min(count, pool.count) {
      chosen.append(pool.remove(at: integer(in: 0...(pool.count - 1))))
    }
    return chosen
  }
}
