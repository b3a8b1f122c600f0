extension ValueParser where Value == Duration {
  /// A duration written as a number and a unit — `300ms`, `2s`, `1.5m` — or a bare `0`,
  /// within `range`: `expected a number and a unit, like 300ms, 2s or 1.5m, at most 60s`.
  public static func duration(
    in range: ClosedRange<Duration> = .zero...DurationText.longest
  ) -> ValueParser {
    var limits: String
    switch (range.lowerBound == .zero, range.upperBound == DurationText.longest) {
    case (true, true): limits = ""
    case (true, false): limits = ", at most \(DurationText.format(range.upperBound))"
    case (false, true): limits = ", at least \(DurationText.format(range.lowerBound))"
    case (false, false):
      limits =
        ", from \(DurationText.format(range.lowerBound)) to \(DurationText.format(range.upperBound))"
    }
    return ValueParser(
      placeholder: "DURATION",
      expecting: "a number and a unit, like 300ms, 2s or 1.5m" + limits
    ) { text in
      DurationText.parse(text).flatMap { range.contains($0) ? $0 : nil }
    }
  }
}

/// Durations written for people and read back: `300ms`, `2s`, `1.5m`, or a bare `0`.
public enum DurationText {
  /// The longest duration read: a billion seconds.
  public static let longest = Duration.seconds(1_000_000_000)

  private static let units: [(suffix: String, seconds: Double)] = [
    ("ms", 0.001), ("s", 1), ("m", 60),
  ]

  /// The duration `text` names, or nil when it is not one (`5`, `1h`, `-1s`, `1e3ms`).
  public static func parse(_ text: String) -> Duration? {
    if text == "0" { return .zero }
    for unit in units where text.hasSuffix(unit.suffix) {
      let number = text.dropLast(unit.suffix.count)
      guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
        let value = Double(number), value.isFinite
      else { return nil }
      let seconds = value * unit.seconds
      guard seconds <= 1e9 else { return nil }
      return .nanoseconds(Int64((seconds * 1e9).rounded()))
    }
    return nil
  }

  /// `duration` as ``parse(_:)`` reads it, in the largest unit that writes it whole: `60s`,
  /// `10m`, `300ms`, `1.5s`.
  public static func format(_ duration: Duration) -> String {
    let milliseconds =
      Double(duration.components.seconds) * 1000
      + Double(duration.components.attoseconds) / 1e15
    if milliseconds == 0 { return "0" }
    if milliseconds >= 60_000, milliseconds.truncatingRemainder(dividingBy: 60_000) == 0 {
      return "\(Int64(milliseconds / 60_000))m"
    }
    if milliseconds >= 1000 { return NumberText.format(milliseconds / 1000) + "s" }
    return NumberText.format(milliseconds) + "ms"
  }
}
