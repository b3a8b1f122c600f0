import CCurl
import Foundation
import Synchronization
import TetherSynchronization

/// The one thread that runs every transfer of a ``CurlTransport`` through a libcurl multi
/// handle: it waits in `curl_multi_poll` (no CPU while nothing happens), and callers hand it
/// work through an inbox and `curl_multi_wakeup` (a non-blocking write), so no caller ever
/// blocks on it.
///
/// The wake-up is written after the inbox's lock is released: written under it, the loop
/// woke at once, found the lock still held by the caller in its system call, and slept on it
/// again — two more context switches per request (by perf, 4% of the CPU of sequential
/// requests in `_lockSlow`, as much again in the kernel). A caller that finds work waiting
/// already does not write one (the loop will take its work with the rest), and a count of
/// wake-ups in flight keeps the multi handle alive until the last is written.
///
/// Every libcurl call but `curl_multi_wakeup` happens on this thread, libcurl's own
/// initialization included, so easy handles, the connection cache and the cookie share need
/// no locks.
final class CurlEventLoop: Sendable {
  private struct Inbox {
    var nextID = 0
    var starts: [(id: Int, request: CurlRequest, exchange: TransportExchange)] = []
    var cancellations: [Int] = []
    /// Streamed transfers whose reader has caught up, to resume.
    var resumptions: [Int] = []
    var isStopping = false
    var isStopped = false
    /// Who waits for the thread to end.
    var stopWaiters: [CheckedContinuation<Void, Never>] = []
    /// The loop's multi handle, once its thread has made it: until then there is nothing to
    /// wake, and the thread takes what arrived as soon as it starts.
    nonisolated(unsafe) var multi: UnsafeMutableRawPointer?

    /// Whether the loop has work it has not taken yet: a wake-up for it is on its way.
    var hasWork: Bool { !starts.isEmpty || !cancellations.isEmpty || !resumptions.isEmpty }
  }

  private let inbox = SanitizerVisibleMutex(Inbox())
  /// Wake-ups taken under the lock and not written yet: the thread cleans the multi handle up
  /// only once there are none.
  private let wakeUpsInFlight = Atomic<Int>(0)

  /// Changes the inbox with `change`; wakes the loop afterwards, outside the lock, when
  /// `change` returns true and no earlier wake-up is pending.
  private func post<Value>(_ change: (inout Inbox) -> (Value, wakes: Bool)) -> Value {
    let (value, multi) = inbox.withLock { inbox -> (Value, UnsafeMutableRawPointer?) in
      let hadWork = inbox.hasWork
      let (value, wakes) = change(&inbox)
      guard wakes, !hadWork || inbox.isStopping, let multi = inbox.multi else {
        return (value, nil)
      }
      wakeUpsInFlight.add(1, ordering: .sequentiallyConsistent)
      return (value, multi)
    }
    if let multi {
      // A non-blocking write, which libcurl allows from any thread.
      curl_multi_wakeup(multi)
      wakeUpsInFlight.subtract(1, ordering: .sequentiallyConsistent)
    }
    return value
  }

  private static let globalInitialization: Void = {
    curl_global_init(Int(CURL_GLOBAL_DEFAULT))
  }()

  /// Starts the loop's thread, which initializes libcurl: a transport is made at once, and
  /// libcurl's start (its TLS library, and LDAP and SASL plug-ins on most distributions: 5 to
  /// 10 ms) happens beside whatever the app does before its first request.
  init(configuration: CurlTransport.Configuration) {
    let thread = Thread { [self] in
      Self.globalInitialization
      let multi = curl_multi_init()!
      let limit = max(1, configuration.maximumConnectionsPerHost)
      tether_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, limit)
      tether_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(limit * 4, 16))
      tether_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
      inbox.withLock { $0.multi = multi }
      LoopThread(multi: multi, configuration: configuration, inbox: takeInbox).run()
      // No caller takes the handle once it is nil; those that took it are done with it once
      // no wake-up is in flight. Only then is the loop stopped for those who wait for it.
      inbox.withLock { $0.multi = nil }
      while wakeUpsInFlight.load(ordering: .sequentiallyConsistent) > 0 { sched_yield() }
      curl_multi_cleanup(multi)
      let (leftovers, waiters) = inbox.withLock { inbox in
        inbox.isStopped = true
        defer {
          inbox.starts = []
          inbox.stopWaiters = []
        }
        return (inbox.starts, inbox.stopWaiters)
      }
      for start in leftovers { start.exchange.finish(.failure(CancellationError())) }
      for waiter in waiters { waiter.resume() }
    }
    thread.name = "TetherHTTP.CurlTransport"
    thread.start()
  }

  /// Hands `request` to the loop and returns its transfer id; the outcome arrives through
  /// `exchange`.
  func start(_ request: CurlRequest, exchange: TransportExchange) -> Int {
    let (id, accepted) = post { inbox in
      inbox.nextID += 1
      guard !inbox.isStopping else { return ((inbox.nextID, false), wakes: false) }
      request.streamChannel?.attach(to: self, id: inbox.nextID)
      inbox.starts.append((inbox.nextID, request, exchange))
      return ((inbox.nextID, true), wakes: true)
    }
    if !accepted { exchange.finish(.failure(CancellationError())) }
    return id
  }

  /// Aborts transfer `id` (its caller has been answered already).
  func cancel(_ id: Int) {
    post { inbox in
      guard !inbox.isStopping else { return ((), wakes: false) }
      inbox.cancellations.append(id)
      return ((), wakes: true)
    }
  }

  /// Resumes streamed transfer `id`, paused while its reader was behind.
  func resume(_ id: Int) {
    post { inbox in
      guard !inbox.isStopping else { return ((), wakes: false) }
      inbox.resumptions.append(id)
      return ((), wakes: true)
    }
  }

  /// Ends the thread: transfers in flight fail as cancelled and every handle is freed.
  func requestStop() {
    post { inbox in
      guard !inbox.isStopping else { return ((), wakes: false) }
      inbox.isStopping = true
      return ((), wakes: true)
    }
  }

  /// Ends the thread and returns once it has cleaned up.
  func stop() async {
    requestStop()
    await withCheckedContinuation { continuation in
      let done = inbox.withLock { inbox in
        if inbox.isStopped { return true }
        inbox.stopWaiters.append(continuation)
        return false
      }
      if done { continuation.resume() }
    }
  }

  fileprivate func takeInbox() -> (
    starts: [(id: Int, request: CurlRequest, exchange: TransportExchange)], cancellations: [Int],
    resumptions: [Int], isStopping: Bool
  ) {
    inbox.withLock { inbox in
      defer {
        inbox.starts = []
        inbox.cancellations = []
        inbox.resumptions = []
      }
      return (inbox.starts, inbox.cancellations, inbox.resumptions, inbox.isStopping)
    }
  }
}

/// The state of the loop's thread: transfers in flight and spare easy handles.
private final class LoopThread {
  let multi: UnsafeMutableRawPointer
  let configuration: CurlTransport.Configuration
  let takeInbox:
    () -> (
      starts: [(id: Int, request: CurlRequest, exchange: TransportExchange)], cancellations: [Int],
      resumptions: [Int], isStopping: Bool
    )
  /// Shares cookies between the transfers (all on this thread, so without locks).
  let share: UnsafeMutableRawPointer?
  var byID: [Int: CurlTransfer] = [:]
  var byHandle: [UnsafeMutableRawPointer: CurlTransfer] = [:]
  var spareHandles: [UnsafeMutableRawPointer] = []
  static let spareLimit = 32

  init(
    multi: UnsafeMutableRawPointer, configuration: CurlTransport.Configuration,
    inbox:
      @escaping () -> (
        starts: [(id: Int, request: CurlRequest, exchange: TransportExchange)],
        cancellations: [Int], resumptions: [Int],
        isStopping: Bool
      )
  ) {
    self.multi = multi
    self.configuration = configuration
    self.takeInbox = inbox
    if configuration.storesCookies, let share = curl_share_init() {
      tether_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_COOKIE.rawValue))
      self.share = share
    } else {
      share = nil
    }
  }

  func run() {
    while true {
      let (starts, cancellations, resumptions, isStopping) = takeInbox()
      for id in cancellations { remove(id) }
      for id in resumptions {
        if let transfer = byID[id] { curl_easy_pause(transfer.handle, CURLPAUSE_CONT) }
      }
      if isStopping { break }
      for start in starts where !start.exchange.isFinished {
        begin(id: start.id, start.request, start.exchange)
      }
      var running: Int32 = 0
      curl_multi_perform(multi, &running)
      collectFinished()
      // No transfer: sleep until a caller wakes the loop (a minute is only a safety net).
      let timeout: Int32 = byID.isEmpty ? 60_000 : 1_000
      curl_multi_poll(multi, nil, 0, timeout, nil)
    }
    for transfer in Array(byID.values) {
      transfer.exchange.finish(.failure(CancellationError()))
      transfer.request.streamChannel?.finish(CancellationError())
      remove(transfer.id)
    }
    for handle in spareHandles { curl_easy_cleanup(handle) }
    spareHandles = []
    if let share { curl_share_cleanup(share) }
  }

  private func begin(id: Int, _ request: CurlRequest, _ exchange: TransportExchange) {
    guard let handle = spareHandles.popLast() ?? curl_easy_init() else {
      exchange.finish(.failure(URLError(.unknown)))
      return
    }
    let transfer = CurlTransfer(id: id, request: request, exchange: exchange, handle: handle)
    transfer.configure(configuration, share: share)
    byID[id] = transfer
    byHandle[handle] = transfer
    curl_multi_add_handle(multi, handle)
  }

  /// Takes transfer `id` out of the multi handle, aborting it if it is still running.
  private func remove(_ id: Int) {
    guard let transfer = byID.removeValue(forKey: id) else { return }
    byHandle[transfer.handle] = nil
    curl_multi_remove_handle(multi, transfer.handle)
    recycle(transfer.handle)
  }

  private func recycle(_ handle: UnsafeMutableRawPointer) {
    if spareHandles.count < Self.spareLimit {
      curl_easy_reset(handle)
      spareHandles.append(handle)
    } else {
      curl_easy_cleanup(handle)
    }
  }

  private func collectFinished() {
    var queued: Int32 = 0
    while let message = curl_multi_info_read(multi, &queued) {
      guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle,
        let transfer = byHandle[handle]
      else { continue }
      let code = message.pointee.data.result
      finish(transfer, code)
    }
  }

  private static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

  private func finish(_ transfer: CurlTransfer, _ code: CURLcode) {
    let limits = transfer.request.limits
    if let channel = transfer.request.streamChannel, transfer.hasDeliveredHead {
      channel.finish(
        code == CURLE_OK
          ? nil
          : CurlFailure.error(
            code, message: transfer.message(for: code), connected: true, limits: limits))
      remove(transfer.id)
      return
    }
    if code == CURLE_OK {
      let status = transfer.statusCode
      if Self.redirectStatuses.contains(status), let location = transfer.redirectURL,
        !transfer.exchange.isFinished
      {
        guard transfer.request.redirectCount < CurlRequest.maximumRedirects else {
          transfer.exchange.finish(.failure(URLError(.httpTooManyRedirects)))
          remove(transfer.id)
          return
        }
        // Follow on the same handle: libcurl reuses the connection when it can.
        curl_multi_remove_handle(multi, transfer.handle)
        curl_easy_reset(transfer.handle)
        transfer.follow(transfer.request.redirected(status: status, to: location))
        transfer.configure(configuration, share: share)
        curl_multi_add_handle(multi, transfer.handle)
        return
      }
      transfer.exchange.finish(.success(transfer.takeResponse()))
      transfer.request.streamChannel?.finish(nil)
    } else if let failure = transfer.bodyFailure {
      transfer.exchange.finish(.failure(failure))
    } else if transfer.isOverCap {
      transfer.exchange.finish(
        .failure(HTTPError.responseTooLarge(limit: limits.maximumResponseSize)))
    } else {
      transfer.exchange.finish(
        .failure(
          CurlFailure.error(
            code, message: transfer.message(for: code), connected: transfer.connected,
            limits: limits)))
    }
    remove(transfer.id)
  }
}
