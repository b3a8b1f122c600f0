extension ValueParser where Value == String {
  /// Any text, as given.
  public static var string: ValueParser { ValueParser(placeholder: "TEXT") { $0 } }

  /// A file's path; empty text is refused.
  public static var file: ValueParser {
    ValueParser(placeholder: "FILE", expecting: "a file name") { $0.isEmpty ? nil : $0 }
  }

  /// A directory's path; empty text is refused.
  public static var directory: ValueParser {
    ValueParser(placeholder: "DIR", expecting: "a directory name") { $0.isEmpty ? nil : $0 }
  }
}

extension ValueParser
where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
  /// One of an enumeration's raw values: `never|auto|always`.
  public static var choice: ValueParser {
    let names = Value.allCases.map(\.rawValue)
    return ValueParser(
      placeholder: names.joined(separator: "|"),
      expecting: EnglishList.or(names)
    ) { Value(rawValue: $0) }
  }
}

extension ValueParser {
  /// Items separated by `separator` (`500,503`), each read by `element`; spaces around an item
  /// are ignored, and so are empty items.
  public static func list<Element>(
    of element: ValueParser<Element>, separator: Character = ","
  ) -> ValueParser where Value == [Element] {
    ValueParser(placeholder: "LIST") { (text) throws(InvalidValue) -> [Element] in
      var values: [Element] = []
      for item in text.split(separator: separator) {
        let trimmed = item.trimmingSpaces
        guard !trimmed.isEmpty else { continue }
        do throws(InvalidValue) {
          values.append(try element.parse(trimmed))
        } catch {
          throw InvalidValue("'\(trimmed)' is not valid: \(error.reason)")
        }
      }
      return values
    }
  }
}

extension Substring {
  /// The text without the spaces and tabs around it.
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}

/// `a, b or c`: names joined as a sentence lists them.
enum EnglishList {
  static func or(_ items: [String]) -> String {
    joined(items, conjunction: "or")
  }

  static func and(_ items: [String]) -> String {
    joined(items, conjunction: "and")
  }

  private static func joined(_ items: [String], conjunction: String) -> String {
    guard let last = items.last else { return "" }
    guard items.count > 1 else { return last }
    return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
