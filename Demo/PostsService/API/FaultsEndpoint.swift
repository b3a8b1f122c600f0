import TetherDiagnostics
import TetherJSON

/// `GET /_faults` shows the faults injected; `PUT /_faults` changes the fields its JSON body names
/// and shows the result:
///
///     curl -X PUT localhost:8080/_faults -d '{"failureRate": 0.3, "latencyMilliseconds": 200}'
///     curl -X PUT localhost:8080/_faults \
///       -d '{"failNext": 3, "failNextRoutes": ["GET /posts/5$"], "failureStatuses": [429],
///            "retryAfterSeconds": 2}'
///
/// Fields (those of `FaultPlan`, in the service's own names and units): `failureRate`,
/// `failureStatuses`, `retryAfterSeconds` (a number or `null`), `latencyMilliseconds`,
/// `jitterMilliseconds`, `malformedRate` (the plan's `truncatedRate`), `dropRate`, `failNext`,
/// `failNextRoutes`, `routes`.
struct FaultsEndpoint {
  let faults: FaultController

  func respond(to request: HTTPRequest) throws(APIError) -> HTTPResponse {
    let plan =
      request.method == "PUT"
      ? try update(with: try request.jsonObject(lenient: false)) : faults.plan
    return HTTPResponse { plan.write(to: &$0) }
  }

  private func update(with fields: JSONObject) throws(APIError) -> FaultPlan {
    do {
      return try faults.update { (plan) throws(FaultPlanError) in
        for member in fields {
          try plan.set(member.key, to: member.value)
        }
      }
    } catch {
      throw .badRequest(error.description)
    }
  }
}

extension FaultPlan {
  func write(to json: inout JSONWriter) {
    json.object { json in
      json.field("failureRate", failureRate)
      json.key("failureStatuses")
      json.array { json in for status in failureStatuses { json.value(status) } }
      json.field(
        "retryAfterSeconds",
        retryAfter.flatMap { JSONNumber($0.milliseconds / 1000) }.map(JSONValue.number) ?? .null)
      json.field("latencyMilliseconds", latency.milliseconds)
      json.field("jitterMilliseconds", jitter.milliseconds)
      json.field("malformedRate", truncatedRate)
      json.field("dropRate", dropRate)
      json.field("failNext", failNext)
      json.field("failNextRoutes", .array(failNextRoutes.map(JSONValue.string)))
      json.field("routes", .array(routes.map(JSONValue.string)))
    }
  }

  fileprivate mutating func set(_ name: String, to value: JSONValue) throws(FaultPlanError) {
    func number() throws(FaultPlanError) -> Double {
      guard case .number(let number) = value else {
        throw FaultPlanError("\(name) must be a number, not \(value.typeDescription)")
      }
      return number.double
    }
    func rate() throws(FaultPlanError) -> Double {
      let rate = try number()
      guard (0...1).contains(rate) else {
        throw FaultPlanError("\(name) must be between 0 and 1, not \(rate)")
      }
      return rate
    }
    func patterns() throws(FaultPlanError) -> [String] {
      guard case .array(let items) = value else {
        throw FaultPlanError("\(name) must be an array of strings")
      }
      return try items.map { (item) throws(FaultPlanError) -> String in
        guard case .string(let route) = item else {
          throw FaultPlanError("\(name) must be an array of strings")
        }
        guard RouteMatcher.isValid(route) else {
          throw FaultPlanError(
            "route '\(route)' is not a path pattern like '/posts' or 'GET /posts/*/comments'")
        }
        return route
      }
    }
    switch name {
    case "failureRate": failureRate = try rate()
    case "malformedRate": truncatedRate = try rate()
    case "dropRate": dropRate = try rate()
    case "latencyMilliseconds": latency = try Self.duration(milliseconds: number(), named: name)
    case "jitterMilliseconds": jitter = try Self.duration(milliseconds: number(), named: name)
    case "retryAfterSeconds":
      retryAfter =
        value == .null ? nil : try Self.duration(milliseconds: number() * 1000, named: name)
    case "failureStatuses":
      guard case .array(let items) = value, !items.isEmpty else {
        throw FaultPlanError("failureStatuses must be one or more statuses from 400 to 599")
      }
      failureStatuses = try items.map { (item) throws(FaultPlanError) -> Int in
        guard let status = item.integer, (400...599).contains(status) else {
          throw FaultPlanError("failureStatuses must be one or more statuses from 400 to 599")
        }
        return status
      }
    case "failNext":
      guard let count = value.integer, count >= 0 else {
        throw FaultPlanError("failNext must be a whole number, not negative")
      }
      failNext = count
    case "failNextRoutes": failNextRoutes = try patterns()
    case "routes": routes = try patterns()
    default:
      throw FaultPlanError("unknown fault setting '\(name)'")
    }
  }

  private static func duration(
    milliseconds: Double, named name: String
  ) throws(FaultPlanError) -> Duration {
    let maximum =
      name == "retryAfterSeconds"
      ? Self.longestServiceRetryAfter.milliseconds : Self.longestServiceLatency.milliseconds
    guard (0...maximum).contains(milliseconds) else {
      let limit = name == "retryAfterSeconds" ? "\(Int(maximum / 1000))" : "\(Int(maximum))"
      throw FaultPlanError("\(name) must be between 0 and \(limit)")
    }
    return .milliseconds(milliseconds)
  }
}

extension Duration {
  /// The duration in (fractional) milliseconds.
  var milliseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
  }
}
