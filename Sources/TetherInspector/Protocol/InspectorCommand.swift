import TetherCore
import TetherDiagnostics
import TetherJSON

/// What a viewer asks the inspected process to do — the devtools' actions on one of its stores,
/// and changes to the faults it injects — carried out there. Each is answered with a
/// ``InspectorMessage/result(id:ok:message:)``.
public enum InspectorCommand: String, Sendable, Hashable, CaseIterable {
  /// Fetches the query afresh.
  case refetch
  /// Marks the query invalid (refetched at once when it has subscribers).
  case invalidate
  /// Returns the query to its state before the first run.
  case reset
  /// Removes the query from the client.
  case remove
  /// Shows the first load, sending no request.
  case triggerLoading
  /// Shows a failure, sending no request.
  case triggerError
  /// Ends a simulated loading or failure.
  case restore
  /// Sends a mutation's latest attempt again.
  case retryLatest
  /// Applies a fault plan to the process's fault target, from the next request on (no store).
  case setFaults
  /// Fails the next requests the query causes, with the statuses of a plan.
  case failNext
  /// Makes the client act offline (the devtools' `W`): queries pause, writes queue (no store).
  case mockOffline
  /// Ends ``mockOffline``: what paused goes on, in order (no store).
  case mockOnline
  /// Sets a query's value from JSON (``InspectorRequest/value``), decoded as the store's type
  /// in the process — the devtools' `e`; when it does not decode, the result says why in
  /// words and nothing changes.
  case setValue

  /// Whether the command acts on one store (it names its path).
  public var isForAStore: Bool { self != .setFaults && self != .mockOffline && self != .mockOnline }
}

/// One command with what it is for and its number, which its result carries.
public struct InspectorRequest: Sendable, Hashable {
  public var id: Int
  public var command: InspectorCommand
  /// The store it acts on (empty for ``InspectorCommand/setFaults``).
  public var path: OperationPath
  public var isMutation: Bool
  /// ``InspectorCommand/setFaults``: the plan to apply; ``InspectorCommand/failNext``: the
  /// statuses and `Retry-After` of the failures.
  public var plan: FaultPlan?
  /// ``InspectorCommand/failNext``: how many requests fail (0 lets them all through).
  public var count: Int?
  /// ``InspectorCommand/setValue``: the value, as JSON.
  public var value: JSONValue?

  /// Command `id`: `command` for the query at `path`, or the mutation when `isMutation`.
  public init(
    id: Int, command: InspectorCommand, path: OperationPath, isMutation: Bool = false,
    plan: FaultPlan? = nil, count: Int? = nil, value: JSONValue? = nil
  ) {
    self.id = id
    self.command = command
    self.path = path
    self.isMutation = isMutation
    self.plan = plan
    self.count = count
    self.value = value
  }

  /// The command as one protocol line, without its newline.
  public var json: JSONValue {
    var object: JSONObject = [
      "type": "command", "id": .number(JSONNumber(id)), "command": .string(command.rawValue),
    ]
    if command.isForAStore {
      object["path"] = JSONValue(path)
      object["mutation"] = .bool(isMutation)
    }
    if let plan { object["plan"] = plan.json }
    if let count { object["count"] = .number(JSONNumber(count)) }
    if let value { object["value"] = value }
    return .object(object)
  }
}
