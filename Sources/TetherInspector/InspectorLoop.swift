import Foundation
import Glibc
import TetherCore
import TetherDiagnostics
import TetherJSON
import TetherSystem

/// The inspector thread's state and loop: viewers, the ids stores have on the wire, the
/// client's change marker (only while a viewer is attached), simulations to restore.
struct InspectorLoop {
  let server: InspectorServer
  var viewers: [ViewerConnection] = []
  private var nextToken = 1
  /// Each store's id on the wire, with the store (held until its removal is sent).
  private var known: [ObjectIdentifier: (id: Int, store: any OperationStoreProtocol)] = [:]
  private var nextID = 1
  /// The number of the last run log entry sent of each store.
  private var lastLogged: [ObjectIdentifier: UInt64] = [:]
  /// The client's change marker, while a viewer is attached.
  private var marking: OperationSubscription?
  private var networkSubscription: OperationSubscription?
  private var lastBatch = ContinuousClock.now
  /// Simulated states shown from viewers, by store.
  var simulations: [StoreAddress: SimulatedState] = [:]
  /// The faults state last sent to viewers.
  var lastFaults: JSONValue?

  init(server: InspectorServer) {
    self.server = server
  }

  mutating func run() {
    while server.isRunning {
      var descriptors = [
        pollfd(fd: server.wakeDescriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: server.listener.descriptor, events: Int16(POLLIN), revents: 0),
      ]
      let polled = viewers
      for viewer in polled {
        let events = Int16(POLLIN) | (viewer.hasOutput ? Int16(POLLOUT) : 0)
        descriptors.append(pollfd(fd: viewer.descriptor, events: events, revents: 0))
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeout())
      guard server.isRunning else { break }
      if ready < 0 && errno != EINTR { break }
      if descriptors[0].revents != 0 { server.drainWake() }
      if descriptors[1].revents & Int16(POLLIN) != 0 { acceptViewers() }
      for (index, viewer) in polled.enumerated() where !viewer.isClosed {
        let events = descriptors[index + 2].revents
        if events & Int16(POLLIN | POLLHUP | POLLERR) != 0 { receive(from: viewer) }
        if events & Int16(POLLOUT) != 0 { viewer.flush() }
      }
      sendBatchIfDue()
      sendFaultsIfChanged()
      for viewer in viewers where viewer.hasOutput && !viewer.isClosed { viewer.flush() }
      resynchronizeDrained()
      dropClosed()
    }
    // An orderly end says so, to the viewers that read it: whether the process is exiting.
    // Sent as far as the socket takes it without waiting; a viewer too far behind to get it
    // sees the connection end, as with an older inspector.
    let goodbye = InspectorProtocol.line(
      ["type": "goodbye", "exiting": .bool(server.isExiting)])
    for viewer in viewers where viewer.wantsGoodbye && !viewer.isClosed {
      viewer.send(goodbye, limit: 0, always: true)
      viewer.flush()
    }
    for viewer in viewers { viewer.close() }
    viewers.removeAll()
    marking?.cancel()
    networkSubscription?.cancel()
    server.listener.close()
  }

  /// How long poll waits: until the next batch is due when changes wait, else until woken.
  private func timeout() -> Int32 {
    let waiting = server.pending.withLock { !$0.isEmpty }
    // The process may change its faults with no event: they are looked at four times a second.
    let faultsCheck: Int32 = !viewers.isEmpty && lastFaults != nil ? 250 : -1
    guard waiting else { return faultsCheck }
    let due = lastBatch + server.options.frameInterval
    let left = due - ContinuousClock.now
    guard left > .zero else { return 0 }
    return Int32(
      max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
  }

  // MARK: Viewers

  private mutating func acceptViewers() {
    while let descriptor = try? LocalSocket.accept(server.listener.descriptor) {
      // Another user never reads a byte of this process's state: closed unanswered.
      guard let peer = try? LocalSocket.peer(of: descriptor), peer.user == geteuid() else {
        close(descriptor)
        continue
      }
      let viewer = ViewerConnection(token: nextToken, descriptor: descriptor)
      nextToken += 1
      if viewers.count >= server.options.maximumViewers { dropVanished() }
      guard viewers.count < server.options.maximumViewers else {
        viewer.fail(
          InspectorProtocol.line(
            error("too many viewers: \(server.options.maximumViewers) are attached already")))
        viewer.flush()
        viewer.close()
        continue
      }
      viewers.append(viewer)
      server.setViewerCount(viewers.count)
      if marking == nil { attach() }
      viewer.send(InspectorProtocol.line(hello()), limit: 0, always: true)
      sendSnapshot(to: viewer, resyncs: 0)
      sendFaults(to: viewer)
      viewer.flush()
    }
  }

  /// Starts watching the client and the network log: the first viewer came.
  ///
  /// Through the client's change marker, not its events: a store's first change after a batch
  /// marks it, later ones cost its thread one atomic load, and the batch reads what changed
  /// from the store — never an event delivered, or encoded, per change.
  private mutating func attach() {
    let server = server
    marking = server.client.markChangedStores { store in server.mark(store) }
    networkSubscription = server.network.observe { id in server.recordNetwork(id) }
  }

  /// Stops watching: the last viewer left; nothing is gathered until the next one comes.
  private mutating func detach() {
    marking?.cancel()
    marking = nil
    networkSubscription?.cancel()
    networkSubscription = nil
    server.pending.withLock { $0 = InspectorServer.Pending() }
    known.removeAll()
    lastLogged.removeAll()
    lastFaults = nil
  }

  /// Closes viewers that went away without their end being read yet: a new one may take
  /// their place.
  private mutating func dropVanished() {
    var byte: UInt8 = 0
    for viewer in viewers where !viewer.isClosed {
      let peeked = recv(viewer.descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
      if peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        viewer.close()
      }
    }
    dropClosed()
  }

  private mutating func dropClosed() {
    guard viewers.contains(where: \.isClosed) else { return }
    viewers.removeAll { $0.isClosed }
    server.setViewerCount(viewers.count)
    if viewers.isEmpty { detach() }
  }

  /// Viewers that fell behind and have now read everything get a fresh snapshot.
  private mutating func resynchronizeDrained() {
    for viewer in viewers where viewer.isOverflowed && !viewer.hasOutput && !viewer.isClosed {
      viewer.isOverflowed = false
      viewer.resyncs += 1
      sendSnapshot(to: viewer, resyncs: viewer.resyncs)
      sendFaults(to: viewer)
      viewer.flush()
    }
  }

  private mutating func receive(from viewer: ViewerConnection) {
    var buffer = [UInt8](repeating: 0, count: 16 << 10)
    while !viewer.isClosed && !viewer.closesAfterSending {
      let count = recv(viewer.descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
      guard count > 0 else {
        // The viewer is gone, or will send nothing more: it is not kept.
        viewer.close()
        return
      }
      viewer.input.append(contentsOf: buffer[..<count])
      while let newline = viewer.input.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(viewer.input[..<newline])
        viewer.input.removeFirst(newline + 1)
        handle(line, from: viewer)
        if viewer.closesAfterSending { return }
      }
      if viewer.input.count > InspectorProtocol.commandLineLimit {
        viewer.fail(
          InspectorProtocol.line(
            error("line longer than \(InspectorProtocol.commandLineLimit) bytes: closing")))
        viewer.input.removeAll()
        return
      }
    }
  }

  // MARK: Messages

  private func hello() -> JSONValue {
    [
      "type": "hello", "protocol": .number(JSONNumber(InspectorProtocol.version)),
      "pid": .number(JSONNumber(Int(getpid()))), "name": .string(server.name),
      "started": JSONValue(server.startDate), "now": JSONValue(Date()),
      "stores": .number(
        JSONNumber(server.client.stores().count + server.client.mutationStores().count)),
    ]
  }

  func error(_ message: String) -> JSONValue {
    ["type": "error", "message": .string(message)]
  }

  /// Every store with its run log, and the network log, as ``SnapshotLines`` writes them. Each
  /// line is on its way while the next is written, so the viewer reads one part while the next
  /// is made.
  private mutating func sendSnapshot(to viewer: ViewerConnection, resyncs: Int) {
    let client = server.client
    let stores = client.stores() + client.mutationStores()
    SnapshotLines.write(
      count: stores.count, network: server.network.records, now: Date(), resyncs: resyncs,
      writeStore: { index, json in write(stores[index], into: &json) },
      emit: { line in
        var bytes = line
        bytes.append(UInt8(ascii: "\n"))
        viewer.send(bytes, limit: 0, always: true)
        viewer.flush()
      })
  }

  /// A store of a snapshot: its fields and its run log. Its change mark is cleared first:
  /// marked before (by another marker, or for a viewer gone), it would not be marked again —
  /// not even when it is removed, so one removed meanwhile is left out.
  private mutating func write(_ store: any OperationStoreProtocol, into json: inout JSONWriter) {
    server.client.clearChangeMark(of: store)
    guard server.client.holds(store), let inspectable = store as? any InspectableStore else {
      return
    }
    let id = id(of: store)
    let log = store.runLog
    if let last = log.last { lastLogged[ObjectIdentifier(store), default: 0] = last.id }
    WireStore.write(
      inspectable, id: id, valueLimit: server.options.valueLimit, log: log, into: &json)
  }

  /// What `json` wrote, as a line.
  static func line(_ json: JSONWriter) -> [UInt8] {
    var bytes = json.bytes
    bytes.append(UInt8(ascii: "\n"))
    return bytes
  }

  private mutating func id(of store: any OperationStoreProtocol) -> Int {
    let key = ObjectIdentifier(store)
    if let known = known[key] { return known.id }
    let id = nextID
    nextID += 1
    known[key] = (id, store)
    return id
  }

  // MARK: Batches

  private mutating func sendBatchIfDue() {
    let now = ContinuousClock.now
    guard now - lastBatch >= server.options.frameInterval else {
      sendReplies()
      return
    }
    let pending = server.pending.withLock { pending in
      defer { pending = InspectorServer.Pending() }
      return pending
    }
    server.rearmWake()
    guard !pending.isEmpty else { return }
    lastBatch = now
    deliverReplies(pending.replies)
    guard !viewers.isEmpty else { return }
    let limit = server.options.valueLimit
    let client = server.client
    var lines: [[UInt8]] = []
    var changed: [(store: any InspectableStore, id: Int)] = []
    var entries: [(entry: RunLogEntry, store: Int)] = []
    var removed: [Int] = []
    for (key, store) in pending.changed {
      // The mark first: a change from now on marks the store again, for the next batch.
      client.clearChangeMark(of: store)
      guard client.holds(store) else {
        // Removed (a store made again at the same path has a new identity; this one is gone).
        lastLogged[key] = nil
        if let gone = known.removeValue(forKey: key) { removed.append(gone.id) }
        continue
      }
      guard let inspectable = store as? any InspectableStore else { continue }
      let id = id(of: store)
      changed.append((inspectable, id))
      // Its new run log entries, read from its bounded log: 1,000 entries in a frame cost one
      // read, not 1,000 events.
      let after = lastLogged[key] ?? 0
      let new = store.runLog.filter { $0.id > after }
      guard let last = new.last else { continue }
      lastLogged[key] = last.id
      entries += new.map { ($0, id) }
    }
    if !changed.isEmpty || !removed.isEmpty {
      var json = JSONWriter(capacity: 4 << 10)
      json.object { json in
        json.field("type", "stores")
        WireValue.write(Date(), as: "now", into: &json)
        json.key("changed")
        json.array { json in
          for (store, id) in changed {
            WireStore.write(store, id: id, valueLimit: limit, into: &json)
          }
        }
        json.key("removed")
        json.array { json in for id in removed { json.value(id) } }
      }
      lines.append(Self.line(json))
    }
    if !entries.isEmpty {
      var json = JSONWriter(capacity: 4 << 10)
      json.object { json in
        json.field("type", "log")
        json.key("entries")
        json.array { json in
          for (entry, store) in entries {
            WireRunLog.write(entry, store: store, valueLimit: limit, into: &json)
          }
        }
      }
      lines.append(Self.line(json))
    }
    if !pending.network.isEmpty {
      let records = server.network.records(pending.network).map(WireRequest.encode)
      if !records.isEmpty {
        lines.append(InspectorProtocol.line(["type": "network", "records": .array(records)]))
      }
    }
    for viewer in viewers {
      for line in lines { viewer.send(line, limit: server.options.bufferLimit) }
    }
  }

  /// Results that arrived before the batch is due go at once: they answer a command.
  private mutating func sendReplies() {
    let replies = server.pending.withLock { pending in
      defer { pending.replies.removeAll() }
      return pending.replies
    }
    deliverReplies(replies)
  }

  private func deliverReplies(_ replies: [(viewer: Int, line: [UInt8])]) {
    for reply in replies {
      viewers.first { $0.token == reply.viewer }?.send(reply.line, limit: 0, always: true)
    }
  }
}

/// A store's place in a client: its path, among queries or mutations.
struct StoreAddress: Hashable {
  var path: OperationPath
  var isMutation: Bool
}
