import TetherJSON

extension OperationStore {
  /// Sets the value from `json`, decoded as the value type with `JSONCoder.readable` (the
  /// coder the devtools show values with, so what they show decodes back): the devtools'
  /// "edit a value". A value set by hand, logged as one.
  ///
  /// - Throws: ``InspectionError/notEditable(_:reason:)`` when the value type is not
  ///   `Decodable` or `json` does not decode as it; the value does not change.
  public func setCurrentValue(json: JSONValue) throws(InspectionError) {
    guard let type = State.CurrentValue.self as? any Decodable.Type else {
      throw .notEditable(path, reason: "\(State.CurrentValue.self) is not Decodable")
    }
    let decoded: Any
    do {
      decoded = try JSONCoder.readable.decode(type, from: json)
    } catch {
      throw .notEditable(path, reason: "not a \(State.CurrentValue.self): \(error)")
    }
    guard let value = decoded as? State.CurrentValue else {
      throw .notEditable(path, reason: "not a \(State.CurrentValue.self)")
    }
    setCurrentValue(value)
  }
}
