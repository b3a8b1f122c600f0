import Foundation
import TetherCore
import TetherDiagnostics
import TetherJSON

/// A line from an inspected process, decoded: what a viewer (`tether attach`) and a replay
/// (`tether replay`) act on.
public enum InspectorMessage: Sendable {
  /// The first line: who the process is.
  case hello(InspectorHello)
  /// Every store, each with its run log, and the network log: the state to start from (again,
  /// after `resyncs` times falling behind). Its stores may follow in ``snapshotStores(_:)``
  /// parts (``InspectorSnapshot/parts``): it is whole once they all came.
  case snapshot(InspectorSnapshot)
  /// One part of the stores of the snapshot before it, each store with its run log.
  case snapshotStores(InspectorSnapshotStores)
  /// Stores added or changed, and the ids of stores removed.
  case stores(changed: [InspectedStoreState], removed: [Int])
  /// Run log entries, each with its store's id.
  case log([(store: Int, entry: RunLogEntry)])
  /// Network records begun or finished.
  case network([NetworkRecord])
  /// The faults the process injects now: sent after each snapshot and whenever they change,
  /// when it has a fault target.
  case faults(InspectedFaults)
  /// Value histories of stores, oldest first (an exported session's): each with its store's
  /// id.
  case history([(store: Int, entries: [InspectedHistoryEntry])])
  /// The answer to command `id`.
  case result(id: Int, ok: Bool, message: String)
  /// Something the process refused; a fatal one is followed by the end of the connection.
  case error(String)
  /// The last line of an orderly end, to a viewer that asked for it in its hello: the
  /// inspector stopped, and whether the process said it is exiting (rather than carrying on
  /// without an inspector).
  case goodbye(exiting: Bool)

  /// Decodes one line; `store` gives the path and kind of the store of an id seen before
  /// (run log entries carry only the id).
  ///
  /// - Throws: ``InspectorProtocolError`` for a line that is not a message of this protocol.
  public init(
    line: some Collection<UInt8>, store: (Int) -> (OperationPath, OperationKind)?
  ) throws(InspectorProtocolError) {
    let limits = JSONLimits(maximumSize: InspectorProtocol.messageLineLimit)
    // The lines that come by the thousand are read without a tree of values; the others, and
    // a line that is not JSON (to say why), as a tree.
    let head = try? JSONCoder(limits: limits).decode(WireLine.self, from: line)
    switch head?.type {
    case "snapshotStores":
      self = .snapshotStores(InspectorSnapshotStores(head?.stores ?? []))
      return
    case "stores":
      self = .stores(
        changed: head?.changed.compactMap { $0.value?.state } ?? [],
        removed: head?.removed.compactMap(\.value) ?? [])
      return
    case "log":
      self = .log(head?.entries.compactMap { $0.value?.entry(path: store) } ?? [])
      return
    default:
      break
    }
    let json: JSONValue
    do {
      json = try JSONValue(parsing: line, limits: limits)
    } catch {
      throw InspectorProtocolError("not a protocol line: \(error)")
    }
    try self.init(json: json, stores: head?.stores ?? [])
  }

  /// A line read as a tree; `stores` are a `snapshot`'s, read from its text.
  private init(json: JSONValue, stores: [Lenient<DecodedStore>])
    throws(InspectorProtocolError)
  {
    switch json["type"]?.string {
    case "hello":
      guard let version = json["protocol"]?.integer else {
        throw InspectorProtocolError("a hello without a protocol version")
      }
      guard version == InspectorProtocol.version else {
        throw InspectorProtocolError(
          "the process speaks protocol version \(version); this tether speaks \(InspectorProtocol.version)"
        )
      }
      guard let pid = json["pid"]?.integer, let name = json["name"]?.string else {
        throw InspectorProtocolError("a hello without a pid or a name")
      }
      self = .hello(
        InspectorHello(
          pid: Int32(truncatingIfNeeded: pid), name: name,
          startDate: json["started"]?.date ?? Date(), date: json["now"]?.date ?? Date(),
          storeCount: json["stores"]?.integer ?? 0))
    case "snapshot":
      let part = InspectorSnapshotStores(stores)
      self = .snapshot(
        InspectorSnapshot(
          stores: part.stores, logs: part.logs,
          network: (json["network"]?.array ?? []).compactMap(WireRequest.decode),
          resyncs: json["resyncs"]?.integer ?? 0, date: json["now"]?.date ?? Date(),
          parts: max(0, json["parts"]?.integer ?? 0)))
    case "network":
      self = .network((json["records"]?.array ?? []).compactMap(WireRequest.decode))
    case "faults":
      self = .faults(WireFaults.decodeState(json))
    case "history":
      self = .history(WireHistory.decode(json))
    case "result":
      guard let id = json["id"]?.integer else {
        throw InspectorProtocolError("a result without an id")
      }
      self = .result(id: id, ok: json["ok"]?.bool ?? false, message: json["message"]?.string ?? "")
    case "error":
      self = .error(json["message"]?.string ?? "unknown error")
    case "goodbye":
      self = .goodbye(exiting: json["exiting"]?.bool ?? false)
    default:
      throw InspectorProtocolError("unknown message type \(json["type"]?.description ?? "null")")
    }
  }
}

/// Who an inspected process is, from its hello.
public struct InspectorHello: Sendable, Hashable {
  public var pid: Int32
  public var name: String
  /// When its inspector started.
  public var startDate: Date
  /// Its clock when it said hello.
  public var date: Date
  /// How many stores it had then.
  public var storeCount: Int

  /// A hello as a process sent it.
  public init(pid: Int32, name: String, startDate: Date, date: Date, storeCount: Int) {
    self.pid = pid
    self.name = name
    self.startDate = startDate
    self.date = date
    self.storeCount = storeCount
  }
}

/// The whole state of an inspected process at one time.
public struct InspectorSnapshot: Sendable {
  public var stores: [InspectedStoreState]
  /// Each store's run log, by store id.
  public var logs: [Int: [RunLogEntry]]
  public var network: [NetworkRecord]
  /// How many times the viewer fell behind and was sent a snapshot again.
  public var resyncs: Int
  public var date: Date
  /// How many ``InspectorMessage/snapshotStores(_:)`` lines with more stores follow.
  public var parts: Int

  /// A snapshot as a process sent it.
  public init(
    stores: [InspectedStoreState], logs: [Int: [RunLogEntry]], network: [NetworkRecord],
    resyncs: Int, date: Date, parts: Int = 0
  ) {
    self.stores = stores
    self.logs = logs
    self.network = network
    self.resyncs = resyncs
    self.date = date
    self.parts = parts
  }

  /// Adds a part's stores.
  public mutating func append(_ part: InspectorSnapshotStores) {
    stores += part.stores
    logs.merge(part.logs) { _, new in new }
  }
}

/// Stores of a snapshot, each with its run log.
public struct InspectorSnapshotStores: Sendable {
  public var stores: [InspectedStoreState] = []
  /// Each store's run log, by store id.
  public var logs: [Int: [RunLogEntry]] = [:]

  /// The stores of a `stores` array; elements that are not stores are skipped.
  init(_ decoded: [Lenient<DecodedStore>]) {
    stores.reserveCapacity(decoded.count)
    for case let store? in decoded.lazy.map(\.value) {
      guard let state = store.state else { continue }
      stores.append(state)
      if !store.log.isEmpty { logs[state.id] = store.log }
    }
  }
}

/// A line that is not a message of the inspector protocol, in words.
public struct InspectorProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String

  /// The error `description` says.
  public init(_ description: String) {
    self.description = description
  }
}
