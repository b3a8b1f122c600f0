import Foundation
import TetherCore
import TetherDiagnostics
import TetherJSON

/// The faults state on the wire: a plan is `FaultPlan.json`, read strictly by
/// `FaultPlan(json:)` (TetherDiagnostics).
enum WireFaults {
  // MARK: The faults state

  /// What a process injects now: its plan and which side applies it, and the requests still to
  /// fail of each store — `null` for a target it does not have.
  static func state(
    faults: (any FaultTarget)?, storeFaults: (any StoreFaultTarget)?
  ) -> JSONValue {
    var state = InspectedFaults()
    state.side = faults?.side
    state.plan = faults?.plan ?? FaultPlan()
    state.storeSide = storeFaults?.side
    state.storeFailures = storeFaults?.storeFailures ?? [:]
    return Self.state(state)
  }

  /// The faults state `faults` says, as a `faults` line.
  static func state(_ faults: InspectedFaults) -> JSONValue {
    var message: JSONObject = ["type": "faults", "faults": .null, "storeFaults": .null]
    if let side = faults.side {
      message["faults"] = ["side": .string(side.rawValue), "plan": faults.plan.json]
    }
    if let side = faults.storeSide {
      let failures = faults.storeFailures.filter { $0.value > 0 }
        .sorted { $0.key.description < $1.key.description }
        .map { entry -> JSONValue in
          ["path": JSONValue(entry.key), "count": .number(JSONNumber(entry.value))]
        }
      message["storeFaults"] = ["side": .string(side.rawValue), "failures": .array(failures)]
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
      state.plan = (try? FaultPlan(json: faults["plan"])) ?? FaultPlan()
    }
    if let stores = json["storeFaults"], stores != .null,
      let side = stores["side"]?.string.flatMap(FaultSide.init(rawValue:))
    {
      state.storeSide = side
      for failure in stores["failures"]?.array ?? [] {
        guard let path = failure["path"]?.path, let count = failure["count"]?.integer, count > 0
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
