import TetherCore
import TetherJSON

/// What a viewer asks the inspected process to do with one of its stores — the devtools'
/// actions, carried out there. Each is answered with a ``InspectorMessage/result(id:ok:message:)``.
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
}

/// One command with the store it is for and its number, which its result carries.
public struct InspectorRequest: Sendable, Hashable {
  public var id: Int
  public var command: InspectorCommand
  public var path: OperationPath
  public var isMutation: Bool

  /// Command `id`: `command` for the query at `path`, or the mutation when `isMutation`.
  public init(id: Int, command: InspectorCommand, path: OperationPath, isMutation: Bool = false) {
    self.id = id
    self.command = command
    self.path = path
    self.isMutation = isMutation
  }

  /// The command as one protocol line, without its newline.
  public var json: JSONValue {
    [
      "type": "command", "id": .number(JSONNumber(id)), "command": .string(command.rawValue),
      "path": JSONValue(path), "mutation": .bool(isMutation),
    ]
  }
}
