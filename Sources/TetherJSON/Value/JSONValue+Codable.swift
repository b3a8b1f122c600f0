/// A value is `Codable`, so that a message can carry one. ``JSONCoder`` writes and reads it as
/// it is, numbers exact and members in order; other coders through containers, a number as the
/// `Int64`, `UInt64` or `Double` it fits first.
extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self = .array(elements)
    } else if let object = try? decoder.container(keyedBy: JSONKey.self) {
      self = .object(
        JSONObject(
          try object.allKeys.map { ($0.stringValue, try object.decode(JSONValue.self, forKey: $0)) }
        ))
    } else {
      let value = try decoder.singleValueContainer()
      if value.decodeNil() {
        self = .null
      } else if let bool = try? value.decode(Bool.self) {
        self = .bool(bool)
      } else if let string = try? value.decode(String.self) {
        self = .string(string)
      } else if let integer = try? value.decode(Int64.self) {
        self = .number(JSONNumber(integer))
      } else if let integer = try? value.decode(UInt64.self) {
        self = .number(JSONNumber(integer))
      } else {
        let double = try value.decode(Double.self)
        guard let number = JSONNumber(double) else {
          throw DecodingError.dataCorruptedError(
            in: value, debugDescription: "\(double) is not JSON.")
        }
        self = .number(number)
      }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let object):
      var container = encoder.container(keyedBy: JSONKey.self)
      for member in object { try container.encode(member.value, forKey: JSONKey(member.key)) }
    case .null:
      var value = encoder.singleValueContainer()
      try value.encodeNil()
    case .bool(let bool):
      var value = encoder.singleValueContainer()
      try value.encode(bool)
    case .string(let string):
      var value = encoder.singleValueContainer()
      try value.encode(string)
    case .number(let number):
      var value = encoder.singleValueContainer()
      if let integer = number.integer(as: Int64.self) {
        try value.encode(integer)
      } else if let integer = number.integer(as: UInt64.self) {
        try value.encode(integer)
      } else {
        try value.encode(number.double)
      }
    }
  }
}
