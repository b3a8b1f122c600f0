import TetherJSON

extension JSONValue {
  /// Whether JavaScript reads the value as false (`null`, `false`, `0`, `""`), which is how
  /// dummyjson decides that an update leaves a field unchanged.
  var isFalsy: Bool {
    switch self {
    case .null: true
    case .bool(let value): !value
    case .number(let number): number.double == 0
    case .string(let text): text.isEmpty
    case .array, .object: false
    }
  }

  /// A short name of the value's type for error messages ("a string", "an object", ...).
  var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

extension TetherJSON.JSONLimits {
  /// Request bodies: 32 levels (the service's documents have 3) and the largest body the HTTP
  /// layer accepts.
  static let requestBody = Self(maximumDepth: 32, maximumSize: HTTPRequestParser.maximumBodySize)
}
