import Foundation
import Glibc
import Synchronization
import TetherCore
import TetherDiagnostics
import TetherJSON
import TetherSynchronization
import TetherSystem

/// The inspector's one thread: it accepts viewers, sends them a snapshot and then batches of
/// changes, reads their commands, and never blocks on any of them (every socket is written
/// without waiting, each viewer's unsent bytes are bounded).
///
/// What other threads hand it — stores the client marked changed, network records, results of
/// commands that ran as tasks — goes through ``Pending`` under a lock, with one wake-up byte on
/// a pipe.
final class InspectorServer: Sendable {
  /// Gathered between two batches, from any thread.
  struct Pending: Sendable {
    /// Stores marked changed since the last batch — added, changed, removed, their run log
    /// grown — by the client's change marker: a store changing 1,000 times in a frame is
    /// marked once, and costs the changing thread one atomic load after that. What changed
    /// is read from the store at the batch.
    var changed: [ObjectIdentifier: any OperationStoreProtocol] = [:]
    var network: Set<UInt64> = []
    var replies: [(viewer: Int, line: [UInt8])] = []

    var isEmpty: Bool { changed.isEmpty && network.isEmpty && replies.isEmpty }
  }

  let client: OperationClient
  let name: String
  let network: NetworkLog
  let faults: (any FaultTarget)?
  let storeFaults: (any StoreFaultTarget)?
  let listener: LocalSocket.Listener
  let options: InspectorOptions
  /// Told when a viewer changed the faults or the offline mock (`Inspector.start`).
  let onViewerChange: (@Sendable () -> Void)?
  let startDate = Date()
  let pending = SanitizerVisibleMutex(Pending())
  private let wakeRead: Int32
  private let wakeWrite: Int32
  private let wakePending = Atomic(false)
  private let running = Atomic(true)
  private let stopped = Atomic(false)
  private let exiting = Atomic(false)
  private let finished = DispatchSemaphore(value: 0)
  private let viewers = Atomic(0)

  init(
    client: OperationClient, name: String, network: NetworkLog, faults: (any FaultTarget)?,
    storeFaults: (any StoreFaultTarget)?, listener: LocalSocket.Listener, options: InspectorOptions,
    onViewerChange: (@Sendable () -> Void)?
  ) throws(SystemError) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      listener.close()
      throw SystemError("create a pipe for", listener.path, errno: errno)
    }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    self.client = client
    self.name = name
    self.network = network
    self.faults = faults
    self.storeFaults = storeFaults
    self.listener = listener
    self.options = options
    self.onViewerChange = onViewerChange
    wakeRead = ends[0]
    wakeWrite = ends[1]
  }

  var viewerCount: Int { viewers.load(ordering: .relaxed) }

  func start() {
    let thread = Thread { [self] in
      var loop = InspectorLoop(server: self)
      loop.run()
      finished.signal()
    }
    thread.name = "tether-inspector"
    thread.start()
  }

  var isRunning: Bool { running.load(ordering: .acquiring) }

  /// Whether the process said it is exiting when it stopped the inspector.
  var isExiting: Bool { exiting.load(ordering: .relaxed) }

  /// Ends the loop and waits for it to say goodbye to the viewers and close every connection
  /// and the socket; `exiting` is what the goodbye says of the process.
  func stop(exiting: Bool = false) {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    self.exiting.store(exiting, ordering: .relaxed)
    running.store(false, ordering: .releasing)
    wake(force: true)
    finished.wait()
    close(wakeRead)
    close(wakeWrite)
  }

  /// At exit: only the socket's file, the loop may be anywhere.
  func removeSocket() {
    guard !stopped.load(ordering: .acquiring) else { return }
    unlink(listener.path)
  }

  func setViewerCount(_ count: Int) {
    viewers.store(count, ordering: .relaxed)
  }

  /// Wakes the loop once for any number of calls until it next takes what is pending.
  func wake(force: Bool = false) {
    guard force || !wakePending.exchange(true, ordering: .acquiringAndReleasing) else { return }
    var byte: UInt8 = 1
    _ = write(wakeWrite, &byte, 1)
  }

  /// Empties the wake-up pipe. The flag stays set: events that come before the next batch
  /// write nothing (the loop's poll already waits for the batch's time).
  func drainWake() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(wakeRead, &bytes, bytes.count) > 0 {}
  }

  var wakeDescriptor: Int32 { wakeRead }

  /// Called by the loop once it took what was pending: the next event wakes it again.
  func rearmWake() {
    wakePending.store(false, ordering: .releasing)
  }

  // MARK: From other threads

  /// A store the client's change marker marked, for the next batch.
  func mark(_ store: any OperationStoreProtocol) {
    pending.withLock { $0.changed[ObjectIdentifier(store)] = store }
    wake()
  }

  func recordNetwork(_ id: UInt64) {
    _ = pending.withLock { $0.network.insert(id) }
    wake()
  }

  func reply(to viewer: Int, _ message: JSONValue) {
    let line = InspectorProtocol.line(message)
    pending.withLock { $0.replies.append((viewer, line)) }
    wake(force: true)
  }
}
