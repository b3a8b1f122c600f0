import Glibc
import TetherTime

/// One of the server's I/O threads: an epoll loop that accepts connections from the shared
/// listener, reads and parses requests, answers them, and enforces every connection's deadline.
///
/// Requests are answered on the loop's own thread (the API's work is short and never blocks);
/// waits — injected latency, `delay=` — are deadlines, not sleeping threads, so slow clients and
/// slow responses cost a few kilobytes each and no thread. The server runs a fixed number of
/// loops, so its thread count does not grow with connections.
final class EventLoop {
  typealias Instant = ContinuousClock.Instant

  static let listenerToken = UInt64.max
  static let stopToken = UInt64.max - 1
  /// How long a connection in a place kept for `/_faults` may take to send its request: a
  /// client turning faults off sends it at once, and the place is soon free again.
  static let reservedTimeout = Duration.seconds(1)
  /// Connections accepted per wake-up. Every loop watches the listener and wakes for a new
  /// connection; whichever is free first takes it, so a small batch spreads a burst of clients
  /// over the loops and keeps new ones away from a busy loop.
  private static let acceptBatch = 2

  let runtime: ServerRuntime
  let epoll: Epoll
  var connections: [Connection?] = []
  private var freeSlots: [Int] = []
  private var generations: [UInt32] = []
  var deadlines = DeadlineHeap<Int, ContinuousClock.Instant>()
  var ready = Epoll.ReadyList(capacity: 256)
  /// Where `recv` puts bytes before they are appended to a connection's input.
  var scratch = [UInt8](repeating: 0, count: 64 * 1024)
  var isStopping = false
  /// Connections with pipelined input to parse once the current events are handled.
  var inputToProcess: [Connection] = []
  /// Set while accepting is paused because the process ran out of descriptors.
  private var acceptingResumes: Instant?
  private var now = ContinuousClock.now
  /// The `Date` header's value and the second it was made for: one formatting a second.
  private var cachedDate: (second: Int, text: String) = (-1, "")

  init(runtime: ServerRuntime, epoll: Epoll) {
    self.runtime = runtime
    self.epoll = epoll
  }

  /// Runs until the server stops and the loop's last connection is closed.
  func run() {
    epoll.add(runtime.listener.descriptor, for: .readable, token: Self.listenerToken)
    epoll.add(runtime.stop.descriptor, for: .readable, token: Self.stopToken)
    while !(isStopping && liveConnectionCount == 0) {
      epoll.wait(into: &ready, timeout: nextTimeout())
      now = .now
      for index in 0..<ready.count {
        let (events, token) = ready[index]
        switch token {
        case Self.listenerToken: acceptConnections()
        case Self.stopToken: beginStopping()
        default:
          if let connection = connection(for: token) { handle(events, on: connection) }
        }
      }
      processPipelinedInput()
      now = .now
      fireDeadlines()
      processPipelinedInput()
    }
    epoll.close()
  }

  /// The current time, as of the latest wake-up.
  var currentTime: Instant { now }

  // MARK: Connections

  private var liveConnectionCount = 0

  private func acceptConnections() {
    guard acceptingResumes == nil else { return }
    for _ in 0..<Self.acceptBatch {
      guard let descriptor = runtime.listener.accept() else {
        if [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(errno) {
          // Out of descriptors or memory: pause instead of spinning on the ready listener.
          epoll.remove(runtime.listener.descriptor)
          acceptingResumes = now + .milliseconds(50)
        }
        return
      }
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
      if runtime.openConnection() {
        let connection = register(descriptor, allowance: .serving)
        setDeadline(of: connection, to: now + runtime.idleTimeout)
      } else if runtime.openReserved() {
        let connection = register(descriptor, allowance: .reserved)
        setDeadline(of: connection, to: now + timeout(runtime.idleTimeout, for: connection))
      } else if runtime.beginLingering() {
        refuse(register(descriptor, allowance: .lingering))
      } else {
        _ = Glibc.close(descriptor)
      }
    }
  }

  private func register(_ descriptor: Int32, allowance: Allowance) -> Connection {
    let slot: Int
    if let free = freeSlots.popLast() {
      slot = free
    } else {
      slot = connections.count
      connections.append(nil)
      generations.append(0)
    }
    generations[slot] &+= 1
    let token = UInt64(slot) | UInt64(generations[slot]) << 32
    let connection = Connection(
      descriptor: descriptor, slot: slot, token: token, allowance: allowance)
    connections[slot] = connection
    liveConnectionCount += 1
    epoll.add(descriptor, for: .readable, token: token)
    return connection
  }

  private func connection(for token: UInt64) -> Connection? {
    let slot = Int(token & 0xFFFF_FFFF)
    guard slot < connections.count, let connection = connections[slot],
      connection.token == token
    else { return nil }
    return connection
  }

  /// Closes the connection and frees everything it holds.
  func close(_ connection: Connection) {
    guard connections[connection.slot] === connection else { return }
    epoll.remove(connection.descriptor)
    _ = Glibc.close(connection.descriptor)
    deadlines.set(connection.slot, to: nil)
    runtime.buffers.release(connection.reservedBytes)
    connection.reservedBytes = 0
    connections[connection.slot] = nil
    freeSlots.append(connection.slot)
    liveConnectionCount -= 1
    release(connection.allowance)
  }

  /// Gives back the place `allowance` took.
  func release(_ allowance: Allowance) {
    switch allowance {
    case .serving: runtime.closeConnection()
    case .reserved: runtime.closeReserved()
    case .lingering: runtime.endLingering()
    }
  }

  /// `base`, or less for a connection in a place kept for `/_faults`.
  func timeout(_ base: Duration, for connection: Connection) -> Duration {
    connection.allowance == .reserved ? min(base, Self.reservedTimeout) : base
  }

  /// Makes epoll watch the connection for `events` (nothing: only errors and hang-ups).
  func watch(_ connection: Connection, for events: Epoll.Events) {
    guard connection.watchedEvents != events else { return }
    connection.watchedEvents = events
    epoll.modify(connection.descriptor, for: events, token: connection.token)
  }

  func setDeadline(of connection: Connection, to deadline: Instant?) {
    deadlines.set(connection.slot, to: deadline)
  }

  // MARK: Events and deadlines

  private func handle(_ events: Epoll.Events, on connection: Connection) {
    if events.contains(.writable), case .writing = connection.phase {
      flush(connection)
      return
    }
    if case .streaming = connection.phase {
      if events.contains(.writable) { sendStream(connection) }
      if events.contains(.readable) || events.contains(.hangUp) || events.contains(.error) {
        readChangeStream(connection)
      }
      return
    }
    switch connection.phase {
    case .idle, .readingHead, .readingBody:
      if events.contains(.readable) || events.contains(.hangUp) || events.contains(.error) {
        read(from: connection)
      }
    case .lingering:
      linger(connection)
    case .delayed(let pending):
      // Only hang-ups and errors are watched while a request is held back: the client is
      // gone, and its place is free at once rather than when the wait ends.
      log(pending.request, pending.requestID, status: nil, since: pending.received, pending.faults)
      close(connection)
    case .writing:
      if events.contains(.error) || events.contains(.hangUp) { close(connection) }
    case .streaming:
      break
    }
  }

  private func processPipelinedInput() {
    while let connection = inputToProcess.popLast() {
      guard connections[connection.slot] === connection, case .idle = connection.phase else {
        continue
      }
      processInput(of: connection)
    }
  }

  private func fireDeadlines() {
    if let resumes = acceptingResumes, resumes <= now {
      acceptingResumes = nil
      if !isStopping {
        epoll.add(runtime.listener.descriptor, for: .readable, token: Self.listenerToken)
      }
    }
    while let first = deadlines.first, first.deadline <= now {
      deadlines.popFirst()
      guard let connection = connections[first.key] else { continue }
      deadlinePassed(for: connection)
    }
  }

  private func deadlinePassed(for connection: Connection) {
    switch connection.phase {
    case .idle where connection.allowance == .reserved,
      .readingHead where connection.allowance == .reserved:
      // A place kept for `/_faults`, and no request for it came: the answer any connection
      // over the limit gets.
      refuse(connection)
    case .idle, .writing, .lingering:
      close(connection)
    case .readingHead:
      reject(
        HTTPRequestError(
          status: 408,
          message: "The request head did not arrive within \(format(runtime.headerTimeout))"),
        on: connection)
    case .readingBody:
      reject(
        HTTPRequestError(
          status: 408,
          message: "The request body did not arrive within \(format(runtime.bodyTimeout))"),
        on: connection)
    case .delayed(let pending):
      respond(to: pending, on: connection)
    case .streaming:
      tickChangeStream(connection)
    }
  }

  /// How long epoll may wait: until the next deadline, or forever when there is none.
  private func nextTimeout() -> Duration? {
    var next = deadlines.first?.deadline
    if let resumes = acceptingResumes, next.map({ resumes < $0 }) ?? true { next = resumes }
    return next.map { ContinuousClock.now.duration(to: $0) }
  }

  // MARK: Stopping

  /// Stops accepting; closes connections waiting for or reading a request, answers held-back
  /// requests now, and lets responses being sent finish.
  private func beginStopping() {
    guard !isStopping else { return }
    isStopping = true
    epoll.remove(runtime.listener.descriptor)
    epoll.remove(runtime.stop.descriptor)
    for case let connection? in connections {
      switch connection.phase {
      case .idle, .readingHead, .readingBody, .lingering: close(connection)
      case .delayed: setDeadline(of: connection, to: now)
      case .writing: connection.closesAfterOutput = true
      case .streaming: finishChangeStream(connection)
      }
    }
  }

  /// `Timestamp.httpDate()`, formatted at most once a second.
  func httpDate() -> String {
    let second = time(nil)
    if second != cachedDate.second { cachedDate = (second, Timestamp.httpDate()) }
    return cachedDate.text
  }

  func format(_ duration: Duration) -> String {
    RequestLogEntry.format(duration)
  }
}
