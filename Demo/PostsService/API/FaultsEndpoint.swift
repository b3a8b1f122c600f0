import TetherJSON

/// `GET /_faults` shows the fault settings; `PUT /_faults` changes the fields its JSON body names
/// and shows the result:
///
///     curl -X PUT localhost:8080/_faults -d '{"failureRate": 0.3, "latencyMilliseconds": 200}'
///     curl -X PUT localhost:8080/_faults \
///       -d '{"failNext": 3, "failNextRoutes": ["GET /posts/5$"], "failureStatuses": [429],
///            "retryAfterSeconds": 2}'
///
/// Fields (see `FaultSettings`): `failureRate`, `failureStatuses`, `retryAfterSeconds` (a number
/// or `null`), `latencyMilliseconds`, `jitterMilliseconds`, `malformedRate`, `dropRate`,
/// `failNext`, `failNextRoutes`, `routes`.
struct FaultsEndpoint {
  let faults: FaultController

  func respond(to request: HTTPRequest) throws(APIError) -> HTTPResponse {
    let settings =
      request.method == "PUT"
      ? try update(with: try request.jsonObject(lenient: false)) : faults.settings
    return HTTPResponse { settings.write(to: &$0) }
  }

  private func update(with fields: JSONObject) throws(APIError) -> FaultSettings {
    do {
      return try faults.update { (settings) throws(FaultSettingsError) in
        for member in fields {
          try settings.set(member.key, to: member.value)
        }
      }
    } catch {
      throw .badRequest(error.description)
    }
  }
}

extension FaultSettings {
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
      json.field("malformedRate", malformedRate)
      json.field("dropRate", dropRate)
      json.field("failNext", failNext)
      json.field("failNextRoutes", .array(failNextRoutes.map(JSONValue.string)))
      json.field("routes", .array(routes.map(JSONValue.string)))
    }
  }

  fileprivate mutating func set(_ name: String, to value: JSONValue) throws(FaultSettingsError) {
    func number() throws(FaultSettingsError) -> Double {
      guard case .number(let number) = value else {
        throw FaultSettingsError("\(name) must be a number, not \(value.typeDescription)")
      }
      return number.double
    }
    func strings() throws(FaultSettingsError) -> [String] {
      guard case .array(let items) = value else {
        throw FaultSettingsError("\(name) must be an array of strings")
      }
      return try items.map { (item) throws(FaultSettingsError) -> String in
        guard case .string(let text) = item else {
          throw FaultSettingsError("\(name) must be an array of strings")
        }
        return text
      }
    }
    switch name {
    case "failureRate": failureRate = try number()
    case "malformedRate": malformedRate = try number()
    case "dropRate": dropRate = try number()
    case "latencyMilliseconds": latency = try Self.duration(milliseconds: number(), named: name)
    case "jitterMilliseconds": jitter = try Self.duration(milliseconds: number(), named: name)
    case "retryAfterSeconds":
      retryAfter =
        value == .null ? nil : try Self.duration(milliseconds: number() * 1000, named: name)
    case "failureStatuses":
      guard case .array(let items) = value, !items.isEmpty else {
        throw FaultSettingsError("failureStatuses must be an array of statuses")
      }
      failureStatuses = try items.map { (item) throws(FaultSettingsError) -> Int in
        guard let status = item.integer else {
          throw FaultSettingsError("failureStatuses must be an array of statuses")
        }
        return status
      }
    case "failNext":
      guard let count = value.integer else {
        throw FaultSettingsError("failNext must be an integer")
      }
      failNext = count
    case "failNextRoutes": failNextRoutes = try strings()
    case "routes": routes = try strings()
    default:
      throw FaultSettingsError("unknown fault setting '\(name)'")
    }
  }

  private static func duration(
    milliseconds: Double, named name: String
  ) throws(FaultSettingsError) -> Duration {
    let maximum =
      name == "retryAfterSeconds"
      ? FaultSettings.maximumRetryAfter.milliseconds : FaultSettings.maximumLatency.milliseconds
    guard (0...maximum).contains(milliseconds) else {
      let limit = name == "retryAfterSeconds" ? "\(Int(maximum / 1000))" : "\(Int(maximum))"
      throw FaultSettingsError("\(name) must be between 0 and \(limit)")
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
