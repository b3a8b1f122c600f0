extension ValueParser where Value: FixedWidthInteger & Sendable {
  /// A whole number, within `range` when one is given: `expected a whole number from 0 to
  /// 65535`.
  public static func integer(in range: ClosedRange<Value>? = nil) -> ValueParser {
    let range = range ?? Value.min...Value.max
    let expectation: String
    switch (range.lowerBound, range.upperBound) {
    case (Value.min, Value.max): expectation = "a whole number"
    case (_, Value.max): expectation = "a whole number, \(range.lowerBound) or more"
    default: expectation = "a whole number from \(range.lowerBound) to \(range.upperBound)"
    }
    return ValueParser(placeholder: "N", expecting: expectation) { text in
      Value(text).flatMap { range.contains($0) ? $0 : nil }
    }
  }
}

extension ValueParser where Value == Double {
  /// A finite number within `range`: `expected a number from 0 to 1`.
  public static func number(in range: ClosedRange<Double>) -> ValueParser {
    ValueParser(
      placeholder: "X",
      expecting: "a number from \(NumberText.format(range.lowerBound)) to "
        + NumberText.format(range.upperBound)
    ) { text in
      Double(text).flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
    }
  }

  /// A share of something, from 0 to 1: `0.25`.
  public static var rate: ValueParser { number(in: 0...1).placeholder("R") }
}

/// Numbers written for people: `1`, `0.5`, not `1.0`.
enum NumberText {
  static func format(_ number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
  }
}
