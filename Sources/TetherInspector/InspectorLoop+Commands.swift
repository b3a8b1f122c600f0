import Foundation
import TetherCore
import TetherJSON

/// A viewer's lines: its hello and its commands, carried out on the client as the devtools
/// would locally. Anything else gets an error; a line that is not JSON closes the connection.
extension InspectorLoop {
  static let commandLimits = JSONLimits(
    maximumDepth: 16, maximumSize: InspectorProtocol.commandLineLimit)

  mutating func handle(_ line: [UInt8], from viewer: ViewerConnection) {
    guard !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { return }
    let message: JSONValue
    do {
      message = try JSONValue(parsing: line, limits: Self.commandLimits)
    } catch {
      viewer.fail(InspectorProtocol.line(self.error("not a protocol line (\(error)): closing")))
      return
    }
    switch message["type"]?.string {
    case "hello":
      let version = message["protocol"]?.integer
      guard version == InspectorProtocol.version else {
        viewer.fail(
          InspectorProtocol.line(
            self.error(
              "protocol version \(version.map(String.init) ?? "?") is not spoken here "
                + "(version \(InspectorProtocol.version)): closing")))
        return
      }
      viewer.wantsGoodbye = message["goodbye"]?.bool ?? false
    case "command":
      guard let id = message["id"]?.integer else {
        viewer.send(
          InspectorProtocol.line(self.error("a command needs an id")), limit: 0, always: true)
        return
      }
      guard let name = message["command"]?.string, let command = InspectorCommand(rawValue: name)
      else {
        let known = InspectorCommand.allCases.map(\.rawValue).joined(separator: ", ")
        answer(
          viewer, id, ok: false,
          "unknown command \(message["command"]?.description ?? "null"); known: \(known)")
        return
      }
      guard command.isForAStore else {
        if command == .mockOffline || command == .mockOnline {
          server.client.isOfflineMocked = command == .mockOffline
          server.onViewerChange?()
          answer(
            viewer, id, ok: true, command == .mockOffline ? "offline (mocked)" : "online again")
        } else {
          setFaults(id: id, message, for: viewer)
        }
        return
      }
      guard let path = message["path"]?.path else {
        answer(viewer, id, ok: false, "\(name) needs a path: an array of numbers and strings")
        return
      }
      let address = StoreAddress(path: path, isMutation: message["mutation"]?.bool ?? false)
      guard command != .failNext else {
        failNext(id: id, message, at: address, for: viewer)
        return
      }
      guard command != .setValue else {
        setValue(id: id, message["value"], at: address, for: viewer)
        return
      }
      perform(command, id: id, at: address, for: viewer)
    default:
      viewer.send(
        InspectorProtocol.line(
          self.error("unknown message type \(message["type"]?.description ?? "null")")),
        limit: 0, always: true)
    }
  }

  func answer(_ viewer: ViewerConnection, _ id: Int, ok: Bool, _ message: String) {
    viewer.send(InspectorProtocol.line(Self.result(id, ok: ok, message)), limit: 0, always: true)
  }

  /// Runs `action` in a task of its own and answers when it ends: `done`, or `failed`, a
  /// colon and the error in words (redacted).
  private func answer(
    _ viewer: ViewerConnection, _ id: Int, done: String, failed: String,
    when action: @escaping @Sendable () async throws -> Void
  ) {
    let server = server
    let token = viewer.token
    Task.detached {
      do {
        try await action()
        server.reply(to: token, Self.result(id, ok: true, done))
      } catch {
        let reason = Redaction.standard.text("\(error)")
        server.reply(to: token, Self.result(id, ok: false, "\(failed): \(reason)"))
      }
    }
  }

  static func result(_ id: Int, ok: Bool, _ message: String) -> JSONValue {
    ["type": "result", "id": .number(JSONNumber(id)), "ok": .bool(ok), "message": .string(message)]
  }

  func store(at address: StoreAddress) -> (any InspectableStore)? {
    let client = server.client
    let store =
      address.isMutation
      ? client.mutationStores(matching: address.path).first { $0.path == address.path }
      : client.store(at: address.path)
    return store as? any InspectableStore
  }

  private mutating func perform(
    _ command: InspectorCommand, id: Int, at address: StoreAddress, for viewer: ViewerConnection
  ) {
    let path = address.path.label
    guard let store = store(at: address) else {
      answer(viewer, id, ok: false, "no \(address.isMutation ? "mutation" : "query") at \(path)")
      return
    }
    switch command {
    case .refetch:
      answer(viewer, id, done: "refetched \(path)", failed: "refetch of \(path) failed") {
        try await store.refetch()
      }
    case .invalidate:
      store.invalidate()
      answer(viewer, id, ok: true, "invalidated \(path)")
    case .reset:
      simulations[address] = nil
      store.reset()
      answer(viewer, id, ok: true, "reset \(path)")
    case .remove:
      guard !address.isMutation else {
        answer(viewer, id, ok: false, "a mutation is not removed")
        return
      }
      simulations[address] = nil
      server.client.remove(at: address.path)
      answer(viewer, id, ok: true, "removed \(path)")
    case .triggerLoading:
      guard simulations[address] == nil else {
        answer(viewer, id, ok: false, "\(path) is simulated already: restore it first")
        return
      }
      guard let simulation = store.simulateLoading() else {
        answer(viewer, id, ok: false, "\(path) cannot show loading")
        return
      }
      simulations[address] = simulation
      answer(viewer, id, ok: true, "\(path) shows loading, no request sent")
    case .triggerError:
      guard simulations[address] == nil else {
        answer(viewer, id, ok: false, "\(path) is simulated already: restore it first")
        return
      }
      do {
        simulations[address] = try store.simulateFailure(
          InspectedFailure("Unknown error from devtools"))
        answer(viewer, id, ok: true, "\(path) shows a failure, no request sent")
      } catch {
        answer(viewer, id, ok: false, "\(error)")
      }
    case .restore:
      guard let simulation = simulations.removeValue(forKey: address) else {
        answer(viewer, id, ok: false, "nothing to restore in \(path)")
        return
      }
      store.restore(simulation)
      answer(viewer, id, ok: true, "restored \(path)")
    case .retryLatest:
      answer(viewer, id, done: "\(path) sent again: it succeeded", failed: "\(path) sent again") {
        try await store.retryLatestAttempt()
      }
    case .setFaults, .failNext, .mockOffline, .mockOnline, .setValue:
      break  // answered by the fault commands and setValue
    }
  }

  /// `setValue`: the query's value from JSON, decoded as its type here; an error in words, and
  /// nothing changed, when it does not decode.
  private func setValue(
    id: Int, _ value: JSONValue?, at address: StoreAddress, for viewer: ViewerConnection
  ) {
    guard let value else {
      answer(viewer, id, ok: false, "setValue needs a value")
      return
    }
    guard !address.isMutation, let store = store(at: address) else {
      answer(viewer, id, ok: false, "no query at \(address.path.label)")
      return
    }
    do {
      try store.setCurrentValue(json: value)
      server.onViewerChange?()
      answer(viewer, id, ok: true, "set the value of \(address.path.label)")
    } catch {
      answer(viewer, id, ok: false, Redaction.standard.text("\(error)"))
    }
  }
}
