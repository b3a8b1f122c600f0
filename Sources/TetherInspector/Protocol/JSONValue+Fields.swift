import Foundation
import TetherCore
import TetherJSON

/// Reading the fields of protocol messages beyond TetherJSON's scalars: each returns nil when
/// the field is missing or of another type, so a bad message is refused rather than trapped on.
extension JSONValue {
  /// A date as the protocol writes it: seconds since 1970.
  var date: Date? { double.map(Date.init(timeIntervalSince1970:)) }

  /// A duration as the protocol writes it: seconds (nil past ±100 years, which no run lasts).
  var duration: Duration? { double.flatMap(Duration.init(protocolSeconds:)) }

  init(_ date: Date?) {
    self = date.map { .number(JSONNumber($0.timeIntervalSince1970) ?? 0) } ?? .null
  }

  init(_ duration: Duration) {
    let (seconds, attoseconds) = duration.components
    self = .number(JSONNumber(Double(seconds) + Double(attoseconds) / 1e18) ?? 0)
  }

  init(_ text: String?) {
    self = text.map(JSONValue.string) ?? .null
  }

  init(_ int: Int?) {
    self = int.map { .number(JSONNumber($0)) } ?? .null
  }

  /// A path: integers as numbers, strings as strings, other elements as their descriptions.
  init(_ path: OperationPath) {
    self = .array(
      path.map { element in
        switch element.base {
        case let int as Int: .number(JSONNumber(int))
        case let string as String: .string(string)
        default: .string(element.description)
        }
      })
  }

  /// The path this value writes, or nil when it is not an array of numbers and strings.
  var path: OperationPath? {
    guard let elements = array else { return nil }
    var path: [any Hashable & Sendable] = []
    for element in elements {
      if let int = element.integer {
        path.append(int)
      } else if let string = element.string {
        path.append(string)
      } else {
        return nil
      }
    }
    return OperationPath(path)
  }
}

extension Duration {
  /// `seconds` as the protocol writes a duration; nil past ±100 years (garbage, which would
  /// not fit in nanoseconds).
  init?(protocolSeconds seconds: Double) {
    guard seconds.isFinite, abs(seconds) < 3.2e9 else { return nil }
    self = .nanoseconds(Int64((seconds * 1e9).rounded()))
  }
}
