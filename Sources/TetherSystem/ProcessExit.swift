import CLinux
import Glibc
import Synchronization

/// Another process's exit, as the kernel tells it through a pidfd (`pidfd_open(2)`): whether it
/// has happened, and a wait for it that another thread can end — no polling, no guess at how
/// long an exit takes.
///
/// ```swift
/// let exit = try ProcessExit(of: peer.process)
/// if exit.wait() { print("exited") }   // or false, after exit.cancel() from another thread
/// ```
public final class ProcessExit: Sendable {
  /// The process watched.
  public let process: Int32
  /// The pidfd; -1 when the process was gone already.
  private let descriptor: Int32
  /// A pipe whose write end `cancel()` closes, ending waits.
  private let cancelRead: Int32
  private let cancelWrite: Atomic<Int32>

  /// Watches `process`.
  ///
  /// - Throws: `SystemError` when the kernel cannot (before Linux 5.3) or the process is
  ///   another user's.
  public init(of process: Int32) throws(SystemError) {
    self.process = process
    let descriptor = tether_pidfd_open(process)
    guard descriptor >= 0 || errno == ESRCH else {
      throw SystemError("watch", "process \(process)", errno: errno)
    }
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else {
      let failure = errno
      if descriptor >= 0 { close(descriptor) }
      throw SystemError("watch", "process \(process)", errno: failure)
    }
    for end in ends + (descriptor >= 0 ? [descriptor] : []) { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    self.descriptor = descriptor
    cancelRead = ends[0]
    cancelWrite = Atomic(ends[1])
  }

  deinit {
    cancel()
    close(cancelRead)
    if descriptor >= 0 { close(descriptor) }
  }

  /// Whether the process has exited, now.
  public var hasExited: Bool { poll(timeout: 0) == true }

  /// Waits until the process exits (true) or ``cancel()`` is called (false).
  public func wait() -> Bool { poll(timeout: -1) ?? false }

  /// Ends every wait, now and later.
  public func cancel() {
    let descriptor = cancelWrite.exchange(-1, ordering: .acquiringAndReleasing)
    if descriptor >= 0 { close(descriptor) }
  }

  /// True once exited, false once cancelled, nil when neither came within `timeout` ms.
  private func poll(timeout: Int32) -> Bool? {
    guard descriptor >= 0 else { return true }
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: cancelRead, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = Glibc.poll(&descriptors, 2, timeout)
      if ready < 0 && errno == EINTR { continue }
      if descriptors[0].revents != 0 { return true }
      if descriptors[1].revents != 0 || ready < 0 { return false }
      return nil
    }
  }
}
