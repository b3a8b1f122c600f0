extension JSONValue {
  /// The value of the JSON document in `bytes` (`Data`, `[UInt8]`, a string's `utf8`), parsed
  /// in one linear pass within `limits`.
  public init(parsing bytes: some Sequence<UInt8>, limits: JSONLimits = .default)
    throws(JSONError)
  {
    self.init(try JSONTape(parsing: bytes, limits: limits), at: 0)
  }

  /// The value at token `index` of `tape`.
  init(_ tape: JSONTape, at index: Int) {
    let token = tape.tokens[index]
    switch token.kind {
    case .null: self = .null
    case .true: self = .bool(true)
    case .false: self = .bool(false)
    case .number: self = .number(JSONNumber(parsed: tape.text(at: index)))
    case .string: self = .string(tape.string(at: index))
    case .array:
      var elements: [JSONValue] = []
      elements.reserveCapacity(Int(token.length))
      var element = index + 1
      while element < Int(token.end) {
        elements.append(JSONValue(tape, at: element))
        element = tape.next(after: element)
      }
      self = .array(elements)
    case .object:
      var object = JSONObject()
      var key = index + 1
      while key < Int(token.end) {
        object[tape.string(at: key)] = JSONValue(tape, at: key + 1)
        key = tape.next(after: key + 1)
      }
      self = .object(object)
    }
  }
}
