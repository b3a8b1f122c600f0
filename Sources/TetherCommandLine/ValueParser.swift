/// How the text given to an option or a positional argument becomes a value, and what to call
/// that text in `--help` (its placeholder: `N`, `DURATION`, `FILE`).
///
/// ```swift
/// ValueParser<Int>.integer(in: 1...100)            // --page-size N
/// ValueParser<Duration>.duration(in: .zero ... .seconds(60))
/// ValueParser<ColorMode>.choice                    // never|auto|always
/// ValueParser<[Int]>.list(of: .integer(in: 400...599))
/// ValueParser<URL>(placeholder: "URL", expecting: "an http or https URL") { URL(string: $0) }
/// ```
///
/// Parsers are values: make your own with an initialiser, or from another with ``map(_:)``,
/// ``expecting(_:)`` and ``placeholder(_:)``.
public struct ValueParser<Value>: Sendable {
  /// The name of the value in `--help` and in the man page: `--port N`.
  public var placeholder: String
  private let read: @Sendable (String) throws(InvalidValue) -> Value
  private let shown: @Sendable (String) -> String

  /// A parser that reads a value with `read`, which throws why the text cannot be one.
  public init(
    placeholder: String, read: @escaping @Sendable (String) throws(InvalidValue) -> Value
  ) {
    self.init(placeholder: placeholder, read: read, shown: { $0 })
  }

  /// A parser that reads a value with `read`, which returns nil for text that is not one; the
  /// error then says `expected ` and `expectation`.
  public init(
    placeholder: String, expecting expectation: String,
    read: @escaping @Sendable (String) -> Value?
  ) {
    self.init(placeholder: placeholder) { (text) throws(InvalidValue) -> Value in
      guard let value = read(text) else { throw InvalidValue(expected: expectation) }
      return value
    }
  }

  private init(
    placeholder: String, read: @escaping @Sendable (String) throws(InvalidValue) -> Value,
    shown: @escaping @Sendable (String) -> String
  ) {
    self.placeholder = placeholder
    self.read = read
    self.shown = shown
  }

  /// The value `text` stands for.
  public func parse(_ text: String) throws(InvalidValue) -> Value {
    try read(text)
  }

  /// `text` as an error message may show it (see ``showingInput(as:)``).
  public func shownInput(_ text: String) -> String {
    shown(text)
  }

  /// The same parser under another placeholder: `.integer().placeholder("SEED")`.
  public func placeholder(_ name: String) -> ValueParser {
    var copy = self
    copy.placeholder = name
    return copy
  }

  /// The same values, with `expected ` and `expectation` as the reason of every failure.
  public func expecting(_ expectation: String) -> ValueParser {
    let read = self.read
    return ValueParser(
      placeholder: placeholder,
      read: { (text) throws(InvalidValue) -> Value in
        do {
          return try read(text)
        } catch {
          throw InvalidValue(expected: expectation)
        }
      }, shown: shown)
  }

  /// The same parser, with its input passed through `redact` before an error message shows
  /// it: a URL's password never reaches the terminal.
  public func showingInput(as redact: @escaping @Sendable (String) -> String) -> ValueParser {
    ValueParser(placeholder: placeholder, read: read, shown: redact)
  }

  /// A parser of what `transform` makes of this parser's values; `transform` throws for
  /// values it refuses.
  public func map<Other>(
    _ transform: @escaping @Sendable (Value) throws(InvalidValue) -> Other
  ) -> ValueParser<Other> {
    let read = self.read
    return ValueParser<Other>(
      placeholder: placeholder,
      read: { (text) throws(InvalidValue) -> Other in try transform(read(text)) }, shown: shown)
  }
}
