import Glibc
import TetherJSON

/// `GET /posts/changes`: new and changed posts as server-sent events, for as long as the client
/// stays (see ``ChangeStream``).
///
/// A stream is a connection in the `.streaming` phase: every ``ChangeStream/pollInterval`` its
/// deadline fires and it sends the changes made since its last event (by any loop's requests),
/// or a heartbeat comment once it has been quiet for ``ChangeStream/heartbeatInterval`` — well
/// within any client's idle timeout. A client too slow to take what is sent (more than
/// ``ChangeStream/backlogLimit`` unsent) is disconnected; it reconnects with `Last-Event-ID`.
extension EventLoop {
  /// Whether `request` opens the change stream (anything else on the route is the API's).
  func opensChangeStream(_ request: HTTPRequest) -> Bool {
    request.method == "GET" && request.pathSegments == ["posts", "changes"]
  }

  /// Sends the stream's head and backlog; `truncated` (the injected malformed-body fault) cuts
  /// the first event in half and drops the connection.
  func startChangeStream(_ pending: PendingRequest, truncated: Bool, on connection: Connection) {
    let request = pending.request
    var stream = ChangeStream(requestID: pending.requestID, received: pending.received)
    stream.viewer = WritingClient.of(request)
    stream.lastWrite = currentTime
    var faults = pending.faults
    var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
    head += "Cache-Control: no-cache\r\nTransfer-Encoding: chunked\r\nDate: \(httpDate())\r\n"
    head += "X-Request-Id: \(pending.requestID)\r\nConnection: keep-alive\r\n"
    if truncated {
      faults.append(.malformedBody)
      head += "\(Self.faultHeader): server truncated\r\n"
    }
    let store = runtime.api.store
    let asked = request.header("last-event-id").flatMap { Int($0) }
    var text = "retry: 1000\n\n"
    stream.lastSequence = asked ?? store.latestChange
    text += stream.events(for: asked.map { store.changes(after: $0) } ?? .changes([]))
    stream.lastSequence = store.latestChange
    text += ChangeStream.event(sequence: stream.lastSequence, kind: "ready")
    connection.phase = .streaming(stream)
    connection.pendingLog = (
      RequestLogEntry(
        requestID: pending.requestID, method: request.method, target: request.target,
        status: 200, duration: .zero, faults: faults),
      pending.received
    )
    connection.output = Array((head + "\r\n").utf8)
    connection.outputOffset = 0
    if truncated {
      let chunk = ChangeStream.chunk(Array(text.utf8))
      connection.output += chunk.prefix(chunk.count / 2)
      connection.closesAfterOutput = true
    } else {
      connection.output += ChangeStream.chunk(Array(text.utf8))
    }
    sendStream(connection)
  }

  /// The stream's deadline: sends new changes, or a heartbeat after a quiet spell.
  func tickChangeStream(_ connection: Connection) {
    guard case .streaming(var stream) = connection.phase else { return }
    guard !isStopping else { return endChangeStream(connection) }
    let backlog = runtime.api.store.changes(after: stream.lastSequence)
    var text = stream.events(for: backlog)
    stream.lastSequence = runtime.api.store.latestChange
    if text.isEmpty, currentTime - stream.lastWrite >= ChangeStream.heartbeatInterval {
      text = ": keep-alive\n\n"
    }
    if !text.isEmpty {
      stream.lastWrite = currentTime
      connection.output += ChangeStream.chunk(Array(text.utf8))
    }
    connection.phase = .streaming(stream)
    sendStream(connection)
  }

  /// Ends the stream cleanly as the server stops: the last chunk, then the connection closes,
  /// so that a client sees the end of the stream, not a broken transfer, and reconnects after
  /// the stream's `retry:` delay. A client that does not take it by the next tick is cut off.
  func finishChangeStream(_ connection: Connection) {
    connection.output += Array("0\r\n\r\n".utf8)
    connection.closesAfterOutput = true
    sendStream(connection)
  }

  /// Sends what the socket takes of the stream's output; drops a client that is too far behind.
  func sendStream(_ connection: Connection) {
    guard connection.sendOutput() != nil else { return endChangeStream(connection) }
    if connection.outputOffset == connection.output.count {
      connection.output.removeAll(keepingCapacity: true)
      connection.outputOffset = 0
      if connection.closesAfterOutput { return endChangeStream(connection) }
    } else if connection.output.count - connection.outputOffset > ChangeStream.backlogLimit {
      return endChangeStream(connection)
    }
    let unsent = connection.outputOffset < connection.output.count
    watch(connection, for: unsent ? [.readable, .writable] : .readable)
    setDeadline(of: connection, to: currentTime + ChangeStream.pollInterval)
  }

  /// The client sent something or hung up: a stream reads nothing, so this ends it.
  func readChangeStream(_ connection: Connection) {
    let count = scratch.withUnsafeMutableBytes {
      recv(connection.descriptor, $0.baseAddress, $0.count, 0)
    }
    if count > 0 || (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
      return
    }
    endChangeStream(connection)
  }

  /// Logs the stream with how long it lasted, and closes its connection.
  func endChangeStream(_ connection: Connection) {
    if let (logged, received) = connection.pendingLog {
      var entry = logged
      if let received { entry.duration = received.duration(to: .now) }
      connection.pendingLog = nil
      runtime.requestLog?(entry)
    }
    close(connection)
  }
}

/// The state of one `GET /posts/changes` stream.
struct ChangeStream {
  /// How often a stream looks for new changes.
  static let pollInterval = Duration.milliseconds(200)
  /// The longest a stream stays silent: a comment line then keeps idle timeouts away.
  static let heartbeatInterval = Duration.seconds(2)
  /// The most unsent bytes a stream holds for a slow client before dropping it.
  static let backlogLimit = 256 * 1024

  var requestID: String
  var received: ContinuousClock.Instant
  /// The sequence of the latest change sent (or skipped as already known).
  var lastSequence = 0
  /// The client reading the stream, as it names itself (see ``WritingClient``): its own
  /// changes are sent as `"yours": true`.
  var viewer: String?
  var lastWrite: ContinuousClock.Instant

  init(requestID: String, received: ContinuousClock.Instant) {
    self.requestID = requestID
    self.received = received
    lastWrite = received
  }

  /// The events of `backlog`: one per change, or a `reset` when the client missed too much.
  func events(for backlog: PostChangeLog.Backlog) -> String {
    switch backlog {
    case .reset:
      return Self.event(sequence: 0, kind: "reset")
    case .changes(let changes):
      return changes.map { change in
        Self.event(
          sequence: change.sequence, kind: change.kind.rawValue, postID: change.postID,
          title: change.title, fields: change.fields,
          isViewers: viewer != nil && change.client == viewer)
      }.joined()
    }
  }

  /// `id: 7` `data: {"change":"changed","id":3,"title":"…","fields":["body"]}` and the blank
  /// line, with `"yours":true` when the stream's reader made the change. A `reset` has no id
  /// of its own: the `ready` after it carries the current one.
  static func event(
    sequence: Int, kind: String, postID: Int? = nil, title: String? = nil,
    fields: [String] = [], isViewers: Bool = false
  ) -> String {
    var writer = JSONWriter()
    writer.object { json in
      json.field("change", kind)
      if let postID { json.field("id", postID) }
      if let title { json.field("title", title) }
      if !fields.isEmpty {
        json.key("fields")
        json.array { json in for field in fields { json.value(field) } }
      }
      if isViewers { json.field("yours", true) }
    }
    let id = kind == "reset" ? "" : "id: \(sequence)\n"
    return id + "data: " + String(decoding: writer.bytes, as: UTF8.self) + "\n\n"
  }

  /// `bytes` as one chunk of a chunked body.
  static func chunk(_ bytes: [UInt8]) -> [UInt8] {
    Array(String(bytes.count, radix: 16).utf8) + [13, 10] + bytes + [13, 10]
  }
}
