import Foundation
import TetherCore
import TetherDiagnostics
import TetherJSON

/// Fault plans and the faults state on the wire. A plan is an object of its fields — rates
/// from 0 to 1, durations in seconds, statuses and routes as arrays — read strictly: a field of
/// the wrong type, out of its bounds or not a field of a plan is refused in words, before the
/// plan's own validation (`FaultPlan.validate()`) runs where it is applied.
enum WireFaults {
  /// The longest latency, jitter or `Retry-After` a viewer may set, in seconds.
  static let longestDuration = 600.0
  /// The most requests "fail next" may queue.
  static let mostFailures = 10_000
  /// The most statuses or routes of a plan, and the longest route.
  static let mostElements = 32
  static let longestRoute = 256

  static func encode(_ plan: FaultPlan) -> JSONValue {
    [
      "failureRate": number(plan.failureRate),
      "failureStatuses": .array(plan.failureStatuses.map { .number(JSONNumber($0)) }),
      "retryAfter": plan.retryAfter.map(JSONValue.init) ?? .null,
      "failNext": .number(JSONNumber(plan.failNext)),
      "failNextRoutes": .array(plan.failNextRoutes.map(JSONValue.string)),
      "routes": .array(plan.routes.map(JSONValue.string)),
      "latency": JSONValue(plan.latency),
      "jitter": JSONValue(plan.jitter),
      "truncatedRate": number(plan.truncatedRate),
      "dropRate": number(plan.dropRate),
    ]
  }

  private static func number(_ value: Double) -> JSONValue {
    .number(JSONNumber(value) ?? 0)
  }

  /// The plan `json` describes; a field left out keeps its default (no fault).
  ///
  /// - Throws: ``InspectorProtocolError`` naming the first field that is not right.
  static func decode(_ json: JSONValue?) throws(InspectorProtocolError) -> FaultPlan {
    guard case .object(let object)? = json else {
      throw InspectorProtocolError("a fault plan must be an object of its fields")
    }
    var plan = FaultPlan()
    for member in object {
      let value = member.value
      switch member.key {
      case "failureRate": plan.failureRate = try rate(value, member.key)
      case "truncatedRate": plan.truncatedRate = try rate(value, member.key)
      case "dropRate": plan.dropRate = try rate(value, member.key)
      case "failureStatuses":
        plan.failureStatuses = try elements(value, member.key) { element in
          guard let status = element.int else { return nil }
          return status
        }
      case "retryAfter":
        plan.retryAfter = value == .null ? nil : try duration(value, member.key)
      case "failNext":
        guard let count = value.int, (0...mostFailures).contains(count) else {
          throw InspectorProtocolError("failNext must be a whole number from 0 to \(mostFailures)")
        }
        plan.failNext = count
      case "failNextRoutes": plan.failNextRoutes = try routes(value, member.key)
      case "routes": plan.routes = try routes(value, member.key)
      case "latency": plan.latency = try duration(value, member.key)
      case "jitter": plan.jitter = try duration(value, member.key)
      default:
        throw InspectorProtocolError(
          "\(JSONValue.string(member.key)) is not a field of a fault plan; its fields are "
            + fields.joined(separator: ", "))
      }
    }
    return plan
  }

  static let fields = [
    "failureRate", "failureStatuses", "retryAfter", "failNext", "failNextRoutes", "routes",
    "latency", "jitter", "truncatedRate", "dropRate",
  ]

  private static func rate(_ value: JSONValue, _ name: String) throws(InspectorProtocolError)
    -> Double
  {
    guard let rate = value.double, (0...1).contains(rate) else {
      throw InspectorProtocolError("\(name) must be a number from 0 to 1")
    }
    return rate
  }

  private static func duration(_ value: JSONValue, _ name: String) throws(InspectorProtocolError)
    -> Duration
  {
    guard let seconds = value.double, (0...longestDuration).contains(seconds) else {
      throw InspectorProtocolError(
        "\(name) must be a number of seconds from 0 to \(Int(longestDuration))")
    }
    return .nanoseconds(Int64((seconds * 1e9).rounded()))
  }

  private static func routes(_ value: JSONValue, _ name: String) throws(InspectorProtocolError)
    -> [String]
  {
    try elements(value, name) { element in
      guard let route = element.string, route.utf8.count <= longestRoute else { return nil }
      return route
    }
  }

  /// The elements of an array field, each read by `read` (nil: not an element of the field).
  private static func elements<Element>(
    _ value: JSONValue, _ name: String, _ read: (JSONValue) -> Element?
  ) throws(InspectorProtocolError) -> [Element] {
    guard let array = value.array, array.count <= mostElements else {
      throw InspectorProtocolError("\(name) must be an array of at most \(mostElements) elements")
    }
    var elements: [Element] = []
    for element in array {
      guard let read = read(element) else {
        throw InspectorProtocolError("\(name) has an element of the wrong kind: \(element)")
      }
      elements.append(read)
    }
    return elements
  }

  // MARK: The faults state

  /// What a process injects now: its plan and which side applies it, and the requests still to
  /// fail of each store — `null` for a target it does not have.
  static func state(
    faults: (any FaultTarget)?, storeFaults: (any StoreFaultTarget)?
  ) -> JSONValue {
    var message: JSONObject = ["type": "faults", "faults": .null, "storeFaults": .null]
    if let faults {
      message["faults"] = ["side": .string(faults.side.rawValue), "plan": encode(faults.plan)]
    }
    if let storeFaults {
      let failures = storeFaults.storeFailures.filter { $0.value > 0 }
        .sorted { $0.key.description < $1.key.description }
        .map { entry -> JSONValue in
          ["path": JSONValue(entry.key), "count": .number(JSONNumber(entry.value))]
        }
      message["storeFaults"] = [
        "side": .string(storeFaults.side.rawValue), "failures": .array(failures),
      ]
    }
    return .object(message)
  }

  /// The faults state a process sent.
  static func decodeState(_ json: JSONValue) -> InspectedFaults {
    var state = InspectedFaults()
    if let faults = json["faults"], faults != .null,
      let side = faults["side"]?.string.flatMap(FaultSide.init(rawValue:))
    {
      state.side = side
      state.plan = (try? decode(faults["plan"])) ?? FaultPlan()
    }
    if let stores = json["storeFaults"], stores != .null,
      let side = stores["side"]?.string.flatMap(FaultSide.init(rawValue:))
    {
      state.storeSide = side
      for failure in stores["failures"]?.array ?? [] {
        guard let path = failure["path"]?.path, let count = failure["count"]?.int, count > 0
        else { continue }
        state.storeFailures[path] = count
      }
    }
    return state
  }
}

/// What an inspected process injects, as it last said: nil sides when it has no such target.
public struct InspectedFaults: Sendable, Hashable {
  /// Which side applies ``plan``; nil when the process has no fault target.
  public var side: FaultSide?
  /// The faults applied now.
  public var plan = FaultPlan()
  /// Which side fails the next requests of a store; nil when the process cannot.
  public var storeSide: FaultSide?
  /// Requests still to fail, by store.
  public var storeFailures: [OperationPath: Int] = [:]

  /// No fault target known.
  public init() {}
}
