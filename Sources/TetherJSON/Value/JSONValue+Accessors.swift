extension JSONValue {
  /// The boolean, when the value is one.
  public var bool: Bool? {
    guard case .bool(let value) = self else { return nil }
    return value
  }

  /// The number as an `Int`, when the value is a whole number that fits one exactly.
  public var integer: Int? {
    guard case .number(let number) = self else { return nil }
    return number.integer()
  }

  /// The number as a finite `Double`, when the value is a number within its range.
  public var double: Double? {
    guard case .number(let number) = self, case let value = number.double, value.isFinite
    else { return nil }
    return value
  }

  /// The string, when the value is one.
  public var string: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }

  /// The elements, when the value is an array.
  public var array: [JSONValue]? {
    guard case .array(let value) = self else { return nil }
    return value
  }
}
