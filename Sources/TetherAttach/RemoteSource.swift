import Foundation
import Synchronization
import TetherCore
import TetherDevtools
import TetherInspector
import TetherSynchronization

/// The stores and requests of another process as the devtools read them: kept in step with
/// the messages of its inspector — live from a connection, or from a recording at a time.
public final class RemoteSource: StoreSource {
  private struct Storage {
    var stores: [Int: RemoteStore] = [:]
    /// Query stores first, then mutations, each in the order they came.
    var order: [Int] = []
    var status: StoreSourceStatus?
    /// The network log's id of each of the process's requests.
    var requests: [UInt64: UInt64] = [:]
    var resyncs = 0
    var hello: InspectorHello?
    /// A snapshot whose stores are still coming, and how many parts are to come.
    var partial: (snapshot: InspectorSnapshot, left: Int)?
  }

  /// Every request of the process, for the devtools' network log.
  public let network = NetworkLog()
  private let commands: (any RemoteCommands)?
  private let storage = SanitizerVisibleMutex(Storage())
  private let listeners = Listeners<OperationClientEvent>()
  private let offlineMocked = Atomic(false)

  /// - Parameter commands: where actions go; nil for a recording, whose stores only show.
  public init(commands: (any RemoteCommands)?) {
    self.commands = commands
  }

  // MARK: StoreSource

  public func inspectableStores() -> [any InspectableStore] {
    storage.withLock { storage in
      let stores = storage.order.compactMap { storage.stores[$0] }
      return stores.filter { $0.kind != .mutation } + stores.filter { $0.kind == .mutation }
    }
  }

  public func subscribeToEvents(_ handler: @escaping @Sendable (OperationClientEvent) -> Void)
    -> OperationSubscription
  {
    listeners.subscribe(handler)
  }

  public func remove(at path: OperationPath) {
    commands?.send(.remove, path: path, isMutation: false)
  }

  public var status: StoreSourceStatus? { storage.withLock { $0.status } }

  /// Live sources take the process offline with an inspector command (recordings cannot).
  public var canMockOffline: Bool { commands != nil }

  /// Whether this viewer took the process offline (another viewer's `W` is not seen here).
  public var isOfflineMocked: Bool { offlineMocked.load(ordering: .relaxed) }

  public func mockOffline(_ offline: Bool) {
    offlineMocked.store(offline, ordering: .relaxed)
    commands?.send(offline ? .mockOffline : .mockOnline, path: [], isMutation: false)
  }

  /// What an exported session recorded of `store`'s values; empty for a live process.
  public func recordedHistory(of store: any InspectableStore) -> [RecordedValue] {
    guard let store = store as? RemoteStore else { return [] }
    return store.recordedHistory.map { entry in
      let cause: HistoryEntry.Cause
      switch entry.cause {
      case "run": cause = .run(entry.run, trigger: entry.trigger)
      case "yielded": cause = .yielded(entry.run)
      case "manualSet": cause = .manualSet
      default: cause = .initial
      }
      return RecordedValue(json: entry.json, cause: cause, date: entry.date)
    }
  }

  /// Says what the source is; the status bar shows it.
  public func setStatus(_ status: StoreSourceStatus) {
    storage.withLock { $0.status = status }
  }

  /// How many stores it holds now: cheaper than counting ``inspectableStores()``.
  public var storeCount: Int { storage.withLock { $0.stores.count } }

  /// Who the process is, once it said hello.
  public var hello: InspectorHello? { storage.withLock { $0.hello } }

  /// How many times the viewer fell behind and got a fresh snapshot.
  public var resyncs: Int { storage.withLock { $0.resyncs } }

  /// The path and kind of store `id`, for decoding run log entries.
  public func store(_ id: Int) -> (OperationPath, OperationKind)? {
    storage.withLock { $0.stores[id].map { ($0.path, $0.kind) } }
  }

  // MARK: Messages

  /// Applies one message of the process's inspector.
  public func apply(_ message: InspectorMessage) {
    switch message {
    case .hello(let hello):
      storage.withLock { storage in
        storage.hello = hello
        if storage.status == nil {
          storage.status = StoreSourceStatus(text: "attached to \(hello.name) (\(hello.pid))")
        }
      }
    case .snapshot(let snapshot):
      guard snapshot.parts > 0 else {
        storage.withLock { $0.partial = nil }
        applySnapshot(snapshot)
        return
      }
      storage.withLock { $0.partial = (snapshot, snapshot.parts) }
    case .snapshotStores(let part):
      let whole = storage.withLock { storage -> InspectorSnapshot? in
        // Taken out while it grows, so that its arrays are not copied at each part.
        guard var partial = storage.partial.take() else { return nil }
        partial.snapshot.append(part)
        partial.left -= 1
        storage.partial = partial.left > 0 ? partial : nil
        return partial.left > 0 ? nil : partial.snapshot
      }
      if let whole { applySnapshot(whole) }
    case .stores(let changed, let removed):
      var events: [OperationClientEvent] = []
      storage.withLock { storage in
        for state in changed {
          events.append(Self.upsert(state, log: nil, into: &storage, commands: commands))
        }
        for id in removed {
          guard let store = storage.stores.removeValue(forKey: id) else { continue }
          storage.order.removeAll { $0 == id }
          events.append(.storeRemoved(store))
        }
      }
      emit(events)
    case .log(let entries):
      var events: [OperationClientEvent] = []
      storage.withLock { storage in
        for (id, entry) in entries {
          guard let store = storage.stores[id], store.append([entry]) else { continue }
          events.append(.runLogged(entry, store: store))
        }
      }
      emit(events)
    case .network(let requests):
      record(requests)
    case .history(let histories):
      let stores = storage.withLock { storage in
        histories.compactMap { history -> RemoteStore? in
          guard let store = storage.stores[history.store] else { return nil }
          store.recordedHistory = history.entries
          return store
        }
      }
      emit(stores.map { .storeUpdated($0) })
    case .result, .error, .faults, .goodbye:
      break
    }
  }

  /// Forgets every store and request (a replay going back in time starts again).
  public func clear() {
    let removed = storage.withLock { storage -> [RemoteStore] in
      defer {
        storage.stores.removeAll()
        storage.order.removeAll()
        storage.requests.removeAll()
      }
      return storage.order.compactMap { storage.stores[$0] }
    }
    network.removeAll()
    emit(removed.map { .storeRemoved($0) })
  }

  private func applySnapshot(_ snapshot: InspectorSnapshot) {
    var events: [OperationClientEvent] = []
    storage.withLock { storage in
      storage.resyncs = snapshot.resyncs
      let present = Set(snapshot.stores.map(\.id))
      for id in storage.order where !present.contains(id) {
        if let store = storage.stores.removeValue(forKey: id) {
          events.append(.storeRemoved(store))
        }
      }
      storage.order.removeAll { !present.contains($0) }
      for state in snapshot.stores {
        events.append(
          Self.upsert(state, log: snapshot.logs[state.id] ?? [], into: &storage, commands: commands)
        )
      }
    }
    emit(events)
    record(snapshot.network)
  }

  private static func upsert(
    _ state: InspectedStoreState, log: [RunLogEntry]?, into storage: inout Storage,
    commands: (any RemoteCommands)?
  ) -> OperationClientEvent {
    if let store = storage.stores[state.id] {
      store.update(state)
      if let log { store.append(log) }
      return .storeUpdated(store)
    }
    let store = RemoteStore(state, log: log ?? [], commands: commands)
    storage.stores[state.id] = store
    storage.order.append(state.id)
    return .storeAdded(store)
  }

  private func record(_ requests: [NetworkRecord]) {
    for request in requests {
      let known = storage.withLock { $0.requests[request.id] }
      let id =
        known
        ?? network.begin(
          method: request.method, url: request.url, target: request.target,
          at: request.startDate, requestHeaders: request.requestHeaders, origin: request.origin)
      if known == nil { storage.withLock { $0.requests[request.id] = id } }
      if let duration = request.duration {
        network.finish(
          id,
          with: NetworkOutcome(
            duration: duration, status: request.status, failure: request.failure,
            bytes: request.bytes, responseHeaders: request.responseHeaders,
            bodyPrefix: request.bodyPrefix, injectedFault: request.injectedFault,
            isCancelled: request.isCancelled))
      }
    }
  }

  private func emit(_ events: [OperationClientEvent]) {
    for event in events { listeners.notify(event) }
  }
}
