/// How much of a split one part takes.
public enum LayoutConstraint: Hashable, Sendable {
  /// Exactly this many cells (less when the space runs out).
  case fixed(Int)
  /// This percentage of the whole length.
  case percentage(Int)
  /// A share of what the fixed and percentage parts leave, by weight (`.fill(1)` is one share).
  case fill(Int)

  /// One share of the remaining space.
  public static let fill = LayoutConstraint.fill(1)
}

extension Rect {
  /// Splits the rectangle top to bottom.
  ///
  /// ```swift
  /// let parts = screen.rows([.fixed(1), .fill, .fixed(1)])  // title, body, status bar
  /// ```
  public func rows(_ constraints: [LayoutConstraint]) -> [Rect] {
    Rect.lengths(of: height, constraints).map { part in
      Rect(x: x, y: y + part.offset, width: width, height: part.length)
    }
  }

  /// Splits the rectangle left to right.
  ///
  /// ```swift
  /// let parts = body.columns([.percentage(40), .fill])  // feed, post
  /// ```
  public func columns(_ constraints: [LayoutConstraint]) -> [Rect] {
    Rect.lengths(of: width, constraints).map { part in
      Rect(x: x + part.offset, y: y, width: part.length, height: height)
    }
  }

  private static func lengths(of total: Int, _ constraints: [LayoutConstraint]) -> [(
    offset: Int, length: Int
  )] {
    var remaining = max(0, total)
    var lengths = constraints.map { constraint -> Int in
      let wanted: Int
      switch constraint {
      case .fixed(let cells): wanted = max(0, cells)
      case .percentage(let percent): wanted = max(0, total * percent / 100)
      case .fill: return 0
      }
      let length = min(wanted, remaining)
      remaining -= length
      return length
    }
    let weights = constraints.map { constraint -> Int in
      if case .fill(let weight) = constraint { return max(0, weight) }
      return 0
    }
    let totalWeight = weights.reduce(0, +)
    if totalWeight > 0 {
      let shared = remaining
      var given = 0
      var weightSoFar = 0
      for index in lengths.indices where weights[index] > 0 {
        weightSoFar += weights[index]
        let end = shared * weightSoFar / totalWeight
        lengths[index] = end - given
        given = end
      }
    }
    var offset = 0
    return lengths.map { length in
      defer { offset += length }
      return (offset, length)
    }
  }
}
