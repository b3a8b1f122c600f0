/// Reads durations written for people: `200ms`, `1.5s`, `2s`, `1m`, or a bare `0`.
public enum DurationParser {
  /// The duration `text` names, or nil when it is not one.
  public static func parse(_ text: String) -> Duration? {
    if text == "0" { return .zero }
    let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
    for unit in units where text.hasSuffix(unit.suffix) {
      let number = text.dropLast(unit.suffix.count)
      guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
        let value = Double(number), value.isFinite, value * unit.seconds < 1e9
      else { return nil }
      return .milliseconds(value * unit.seconds * 1000)
    }
    return nil
  }
}
