/// `GET /_faults` shows the fault settings; `PUT /_faults` changes the fields its JSON body names
/// and shows the result:
///
///     curl -X PUT localhost:8080/_faults -d '{"failureRate": 0.3, "latencyMilliseconds": 200}'
///
/// Fields: `failureRate`, `latencyMilliseconds`, `jitterMilliseconds`, `malformedRate`,
/// `dropRate`, `failNext`, `routes`.
struct FaultsEndpoint {
  let faults: FaultController

  func respond(to request: HTTPRequest) throws(APIError) -> HTTPResponse {
    let settings = request.method == "PUT" ? try update(with: request.body) : faults.settings
    return HTTPResponse { settings.write(to: &$0) }
  }

  private func update(with body: [UInt8]) throws(APIError) -> FaultSettings {
    let document: JSONValue
    do {
      document = try JSONValue.parse(body)
    } catch {
      throw .badRequest("Invalid JSON in the request body")
    }
    guard case .object(let fields) = document else {
      throw .badRequest("The request body must be a JSON object, not \(document.typeDescription)")
    }
    do {
      return try faults.update { (settings) throws(FaultSettingsError) in
        for (name, value) in fields {
          try settings.set(name, to: value)
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
      json.field("latencyMilliseconds", latency.milliseconds)
      json.field("jitterMilliseconds", jitter.milliseconds)
      json.field("malformedRate", malformedRate)
      json.field("dropRate", dropRate)
      json.field("failNext", failNext)
      json.field("routes", strings: routes)
    }
  }

  fileprivate mutating func set(_ name: String, to value: JSONValue) throws(FaultSettingsError) {
    func number() throws(FaultSettingsError) -> Double {
      guard case .number(let number) = value else {
        throw FaultSettingsError("\(name) must be a number, not \(value.typeDescription)")
      }
      return number
    }
    switch name {
    case "failureRate": failureRate = try number()
    case "malformedRate": malformedRate = try number()
    case "dropRate": dropRate = try number()
    case "latencyMilliseconds": latency = try Self.duration(milliseconds: number(), named: name)
    case "jitterMilliseconds": jitter = try Self.duration(milliseconds: number(), named: name)
    case "failNext":
      guard let count = value.integer else {
        throw FaultSettingsError("failNext must be an integer")
      }
      failNext = count
    case "routes":
      guard case .array(let items) = value else {
        throw FaultSettingsError("routes must be an array of strings")
      }
      routes = try items.map { (item) throws(FaultSettingsError) -> String in
        guard case .string(let route) = item else {
          throw FaultSettingsError("routes must be an array of strings")
        }
        return route
      }
    default:
      throw FaultSettingsError("unknown fault setting '\(name)'")
    }
  }

  private static func duration(
    milliseconds: Double, named name: String
  ) throws(FaultSettingsError) -> Duration {
    let maximum = FaultSettings.maximumLatency.milliseconds
    guard (0...maximum).contains(milliseconds) else {
      throw FaultSettingsError("\(name) must be between 0 and \(Int(maximum))")
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
