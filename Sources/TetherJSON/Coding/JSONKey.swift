/// A coding key made while coding: an array index (`Index 3`, as Foundation names them) or
/// `super`, or any key a `JSONValue`'s object has.
struct JSONKey: CodingKey {
  private let name: String?
  let intValue: Int?

  init(_ name: String) {
    self.name = name
    intValue = nil
  }

  init(index: Int) {
    name = nil
    intValue = index
  }

  init?(stringValue: String) { self.init(stringValue) }
  init?(intValue: Int) { self.init(index: intValue) }
  var stringValue: String { name ?? "Index \(intValue ?? 0)" }

  /// The key `superEncoder()` and `superDecoder()` use.
  static let `super` = JSONKey("super")
}
