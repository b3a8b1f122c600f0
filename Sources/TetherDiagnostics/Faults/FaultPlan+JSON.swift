import TetherJSON

/// A fault plan as JSON — an object of its fields: rates from 0 to 1, durations in seconds,
/// statuses and routes as arrays — the way the inspector protocol carries it and the devtools'
/// config file writes it. Reading is strict: a field of the wrong type, out of its bounds or
/// not a field of a plan is refused in words, before the plan's own ``FaultPlan/validate()``.
///
/// ```swift
/// let plan = try FaultPlan(json: ["failureRate": 0.3, "latency": 0.2])
/// ```
extension FaultPlan {
  /// The longest latency, jitter or `Retry-After` a plan read from JSON may set, in seconds.
  public static let longestJSONDuration = 600.0
  /// The most requests "fail next" read from JSON may queue.
  public static let mostJSONFailures = 10_000
  /// The most statuses or routes of a plan read from JSON, and the longest route.
  static let mostJSONElements = 32
  static let longestJSONRoute = 256

  /// The fields of a plan's JSON object.
  public static let jsonFields = [
    "failureRate", "failureStatuses", "retryAfter", "failNext", "failNextRoutes", "routes",
    "latency", "jitter", "truncatedRate", "dropRate",
  ]

  /// The plan as a JSON object of every field.
  public var json: JSONValue {
    [
      "failureRate": Self.number(failureRate),
      "failureStatuses": .array(failureStatuses.map { .number(JSONNumber($0)) }),
      "retryAfter": retryAfter.map(Self.seconds) ?? .null,
      "failNext": .number(JSONNumber(failNext)),
      "failNextRoutes": .array(failNextRoutes.map(JSONValue.string)),
      "routes": .array(routes.map(JSONValue.string)),
      "latency": Self.seconds(latency),
      "jitter": Self.seconds(jitter),
      "truncatedRate": Self.number(truncatedRate),
      "dropRate": Self.number(dropRate),
    ]
  }

  /// The plan `json` describes; a field left out keeps its default (no fault).
  ///
  /// - Parameter json: an object of the plan's fields (``jsonFields``).
  /// - Throws: ``FaultPlanError`` naming the first field that is not right.
  public init(json: JSONValue?) throws(FaultPlanError) {
    guard case .object(let object)? = json else {
      throw FaultPlanError("a fault plan must be an object of its fields")
    }
    self.init()
    for member in object {
      let value = member.value
      switch member.key {
      case "failureRate": failureRate = try Self.rate(value, member.key)
      case "truncatedRate": truncatedRate = try Self.rate(value, member.key)
      case "dropRate": dropRate = try Self.rate(value, member.key)
      case "failureStatuses":
        failureStatuses = try Self.elements(value, member.key) { $0.integer }
      case "retryAfter":
        retryAfter = value == .null ? nil : try Self.duration(value, member.key)
      case "failNext":
        guard let count = value.integer, (0...Self.mostJSONFailures).contains(count)
        else {
          throw FaultPlanError(
            "failNext must be a whole number from 0 to \(Self.mostJSONFailures)")
        }
        failNext = count
      case "failNextRoutes": failNextRoutes = try Self.routes(value, member.key)
      case "routes": routes = try Self.routes(value, member.key)
      case "latency": latency = try Self.duration(value, member.key)
      case "jitter": jitter = try Self.duration(value, member.key)
      default:
        throw FaultPlanError(
          "\(JSONValue.string(member.key)) is not a field of a fault plan; its fields are "
            + Self.jsonFields.joined(separator: ", "))
      }
    }
  }

  private static func number(_ value: Double) -> JSONValue {
    .number(JSONNumber(value) ?? 0)
  }

  private static func seconds(_ duration: Duration) -> JSONValue {
    let (seconds, attoseconds) = duration.components
    return number(Double(seconds) + Double(attoseconds) / 1e18)
  }

  private static func rate(_ value: JSONValue, _ name: String) throws(FaultPlanError) -> Double {
    guard let rate = value.double, (0...1).contains(rate) else {
      throw FaultPlanError("\(name) must be a number from 0 to 1")
    }
    return rate
  }

  private static func duration(_ value: JSONValue, _ name: String) throws(FaultPlanError)
    -> Duration
  {
    guard let seconds = value.double, (0...longestJSONDuration).contains(seconds) else {
      throw FaultPlanError(
        "\(name) must be a number of seconds from 0 to \(Int(longestJSONDuration))")
    }
    return .nanoseconds(Int64((seconds * 1e9).rounded()))
  }

  private static func routes(_ value: JSONValue, _ name: String) throws(FaultPlanError)
    -> [String]
  {
    try elements(value, name) { element in
      guard case .string(let route) = element, route.utf8.count <= longestJSONRoute else {
        return nil
      }
      return route
    }
  }

  /// The elements of an array field, each read by `read` (nil: not an element of the field).
  private static func elements<Element>(
    _ value: JSONValue, _ name: String, _ read: (JSONValue) -> Element?
  ) throws(FaultPlanError) -> [Element] {
    guard case .array(let array) = value, array.count <= mostJSONElements else {
      throw FaultPlanError("\(name) must be an array of at most \(mostJSONElements) elements")
    }
    var elements: [Element] = []
    for element in array {
      guard let read = read(element) else {
        throw FaultPlanError("\(name) has an element of the wrong kind: \(element)")
      }
      elements.append(read)
    }
    return elements
  }
}
