import Foundation

extension PersistedPath {
  /// The path whose ``key`` is `key`, or nil when `key` is not one.
  ///
  /// Read with the snapshot coder's one-pass parser (a key is JSON), without a decoder, so
  /// that restoring ten thousand rows costs ten thousand small parses.
  public init?(key: String) {
    var key = key
    guard
      let tape = key.withUTF8({
        try? JSONTape(parsing: UnsafeRawBufferPointer($0), limits: Self.keyLimits)
      }),
      tape.tokens[0].kind == .array
    else { return nil }
    var elements: [Element] = []
    elements.reserveCapacity(Int(tape.tokens[0].length))
    var index = 1
    while index < Int(tape.tokens[0].end) {
      guard let element = Self.element(at: index, in: tape) else { return nil }
      elements.append(element)
      index = tape.next(after: index)
    }
    self.init(elements: elements)
  }

  /// Keys are flat arrays: a UUID's object is the one level below.
  private static let keyLimits = SnapshotJSON.Limits(maximumDepth: 2, maximumSize: 1 << 20)

  /// The element whose key is the value at `index`: a string, an integer, a double (written
  /// with a fraction or an exponent), a boolean or `{"uuid":"…"}`.
  private static func element(at index: Int, in tape: JSONTape) -> Element? {
    let token = tape.tokens[index]
    switch token.kind {
    case .string: return (try? tape.string(at: index) { [] }).map { .string($0) }
    case .number:
      return token.flag
        ? (try? tape.double(at: index) { [] }).map { .double($0) }
        : (try? tape.int(at: index) { [] }).map { .integer($0) }
    case .true: return .boolean(true)
    case .false: return .boolean(false)
    case .object:
      guard token.length == 1, (try? tape.string(at: index + 1) { [] }) == "uuid",
        let text = try? tape.string(at: index + 2, { [] }), let uuid = UUID(uuidString: text)
      else { return nil }
      return .uuid(uuid)
    case .array, .null: return nil
    }
  }
}
